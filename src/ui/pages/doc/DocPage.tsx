// Help at /doc (docs/dev/product-rules.md#screens): the help pages rendered from docs/*.md at build time, in a full-size
// frame. The frame is same-origin, so it follows the app's light/dark theme.
import { useEffect, useRef } from 'react';
import { Page } from '../../components/Page';
import { HELP_ENTRY } from '../../shell/navigation';
import { useTheme } from '../../theme/ThemeProvider';

export const HELP_INDEX = '/help/index.html';

export function DocPage() {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const { theme } = useTheme();

  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    const apply = () => {
      const root = frame.contentDocument?.documentElement;
      if (root) root.dataset.theme = theme;
    };
    apply();
    // Every page followed inside the frame is a new document.
    frame.addEventListener('load', apply);
    return () => frame.removeEventListener('load', apply);
  }, [theme]);

  return (
    <Page title={HELP_ENTRY.label} lang="de" headingHidden className="page-doc">
      <iframe ref={frameRef} src={HELP_INDEX} title="Hilfe" className="doc-frame" />
    </Page>
  );
}
