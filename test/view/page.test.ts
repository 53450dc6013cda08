// The view page's envelope without a browser: the data block cannot be closed by what it holds,
// round-trips exactly, and the page names nothing to load.
import { describe, expect, it } from 'vitest';
import { renderPage, scriptJson } from '../../generator/view/page.ts';
import type { ViewData } from '../../generator/view/data.ts';

const HOSTILE = '</script><script>alert(1)</script>&amp;<!-- \u2028\u2029 ]]>';

describe('eventmap view page', () => {
  it('escapes the data block: no <, >, & or line separator survives, and it parses back', () => {
    const text = scriptJson({ s: HOSTILE, [HOSTILE]: [HOSTILE] });
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual({ s: HOSTILE, [HOSTILE]: [HOSTILE] });
  });

  it('is one file: inline style and script, a policy that forbids loads, no URL to fetch', () => {
    const data: ViewData = {
      file: HOSTILE,
      source: 'codex-app-server',
      stats: { messages: 0, mapped: 0, ignored: 0, ignoredBy: {}, clientTraffic: 0, unknown: 0, invalid: 0 },
      messages: [{ line: 1, label: HOSTILE, status: 'unknown', text: HOSTILE }],
      events: [],
      lanes: [],
      session: { threads: [], warnings: [], errors: [] },
    };
    const html = renderPage(data);
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'`);
    expect(html).not.toMatch(/\s(src|href)=/i);
    expect(html).not.toMatch(/<link\b/i);
    // The traffic appears only inside the data block, escaped: one </script> per script element.
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(html).not.toContain('alert(1)</script>');
  });
});
