// POST /api/undo (docs/dev/architecture.md#undo): undo the caller's last write, named by its change ids.
import { undoResultSchema, type UndoResult } from '../domain/undo';
import { send, type CallOptions, type Http } from './http';

export const undoChanges = (http: Http, changes: readonly number[], opts: CallOptions = {}): Promise<UndoResult> =>
  send(http.post('undo', { json: { changes }, signal: opts.signal, retry: 0 }), undoResultSchema);
