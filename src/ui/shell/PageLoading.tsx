// Shown for the moment a page's chunk takes to load on its first visit: a quiet spinner in the
// page area (not the full-screen overlay, which means "work in flight" and blocks the frame).
import { Spinner } from '../kit';

export function PageLoading() {
  return (
    <div className="page-loading">
      <Spinner aria-label="Loading page" />
    </div>
  );
}
