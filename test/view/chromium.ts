// Headless Chromium for the tests that look at a page as a person would (Debian's `chromium`,
// installed by .ci/run): one browser, one tab, every console error, uncaught exception and request
// off file: collected for the page last opened.
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM = process.env.EVENTMAP_CHROMIUM ?? '/usr/bin/chromium';
export const available = existsSync(CHROMIUM);
/** Appended to a test's name where it is skipped, saying why. */
export const skipped = available
  ? ''
  : ` (skipped: no Chromium at ${CHROMIUM}; \`apt-get install chromium\`, as .ci/run does)`;

/** Flags for a headless Chromium that reaches nothing (and runs as root in CI). */
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The little of the DOM the checks read (the project's types carry no DOM library). */
export interface Node {
  id: string;
  textContent: string | null;
  getAttribute(name: string): string | null;
  querySelector(selector: string): Node | null;
  querySelectorAll(selector: string): ArrayLike<Node>;
}
export interface Doc {
  querySelector(selector: string): Node | null;
  querySelectorAll(selector: string): ArrayLike<Node>;
  getElementById(id: string): Node | null;
}

export interface Viewer {
  /** The page of a file, loaded in the one tab, with what it reported (console errors, exceptions, requests off file:). */
  open(file: string): Promise<{ page: Page; errors: string[] }>;
  close(): Promise<void>;
}

/** A browser with one tab (a new tab per page costs more than its checks). */
export async function viewer(): Promise<Viewer> {
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
  let tab: Page | undefined;
  const errors: string[] = [];
  return {
    async open(file) {
      if (!tab) {
        tab = await browser.newPage();
        tab.on('console', (m) => {
          if (m.type() === 'error') errors.push(m.text());
        });
        tab.on('pageerror', (e) => errors.push(String(e)));
        tab.on('request', (r) => {
          if (!r.url().startsWith('file:')) errors.push(`a request: ${r.url()}`);
        });
      }
      errors.length = 0;
      await tab.goto(pathToFileURL(file).href);
      return { page: tab, errors };
    },
    close: () => browser.close(),
  };
}
