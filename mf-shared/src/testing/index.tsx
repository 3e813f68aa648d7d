// The testing kit: one fake API adapter and one way to render a screen inside the real providers, for the unit tests
// of every module. Not a federation entry: no bundle imports it.
import { api, type Toast, toasts } from '@especifica/mf-shared';
import type { Task } from '@especifica/mf-shared/contracts';
import { MemoryRouter, Route, Routes, useLocation } from '@especifica/mf-shared/router';
import { queryClient } from '@especifica/mf-shared/runtime/query';
import { UiProvider } from '@especifica/mf-shared/ui';
import { type RenderResult, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter } from 'axios';
import type { ReactElement } from 'react';

export interface Sent {
  method?: string;
  url?: string;
  params?: Record<string, unknown>;
  body: unknown;
}

type Answer = [number, unknown];
/**
 * An answer by URL ("/cms/users/get-all") or by method and URL ("POST /cms/users/create"); a function's answer may be
 * a promise, to hold the call until the test settles it.
 */
export type FakeRoutes = Record<
  string,
  Answer | ((body: unknown, params: Record<string, unknown>) => Answer | Promise<Answer>)
>;

/** Answers each call by its URL (a function of the body and query, or a fixed [status, data]) and records what was sent. */
export function fakeApi(routes: FakeRoutes) {
  const sent: Sent[] = [];
  const adapter: AxiosAdapter = async (config) => {
    let body: unknown = config.data;
    if (typeof config.data === 'string') body = JSON.parse(config.data);
    const params = (config.params ?? {}) as Record<string, unknown>;
    sent.push({ method: config.method, url: config.url, ...(config.params ? { params } : {}), body });
    const route = routes[`${config.method?.toUpperCase()} ${config.url}`] ?? routes[config.url ?? ''];
    const [status, data] =
      typeof route === 'function' ? await route(body, params) : (route ?? [404, { msg: 'no route' }]);
    if (status >= 400) {
      throw Object.assign(new Error('x'), {
        isAxiosError: true,
        config,
        response: { status, data, headers: {}, config, statusText: '' },
      });
    }
    return { status, data, headers: {}, config, statusText: 'OK' };
  };
  api.adapter = adapter;
  return sent;
}

/** A task as GET /api/tasks/:id answers it (docs/jobs.md): a running export unless `changes` say otherwise. */
export const fakeTask = (changes: Partial<Task> = {}): Task => ({
  id: 't1',
  kind: 'export:audit',
  state: 'running',
  done: 0,
  total: null,
  percent: null,
  counts: null,
  file: null,
  error: null,
  createdAt: '2026-11-29T08:00:00.000Z',
  finishedAt: null,
  expiresAt: '2026-12-06T08:00:00.000Z',
  ...changes,
});

/** Every toast shown while a test runs; `stop` when the suite ends. */
export function recordToasts() {
  const shown: Toast[] = [];
  const subscription = toasts.toasts.subscribe((toast) => shown.push(toast));
  return { shown, stop: () => subscription.unsubscribe() };
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

let shown: RenderResult | undefined;

/**
 * Renders `element` at `url` inside the real providers with an empty query cache; any other path shows where the
 * page navigated (`getByTestId('where')`). A page this rendered before is unmounted first: left mounted, it would
 * fetch again into the emptied cache and show its own copy of what the test then looks for.
 */
export function renderPage(url: string, paths: string[], element: ReactElement) {
  shown?.unmount();
  queryClient.clear();
  shown = render(
    <UiProvider>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          {paths.map((path) => (
            <Route key={path} path={path} element={element} />
          ))}
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </UiProvider>,
  );
  return shown;
}

/** Every CSS rule on the page, as text (emotion inserts its rules with insertRule, so they are not in the tags). */
export function sheetRules(): string[] {
  return [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText));
}

/** Clicks the page's button named `button` and waits for the drawer (a dialog) titled `title`: the drawer. */
export async function openDrawer(button: string, title: string): Promise<HTMLElement> {
  await userEvent.click(screen.getByRole('button', { name: button }));
  return screen.findByRole('dialog', { name: title });
}

/**
 * Waits for the server's refusal shown at the top of a drawer or dialog (`overlay`), an alert, and answers its text:
 * what the kit shows there rather than toasting it beside the overlay.
 */
export async function errorInside(overlay: HTMLElement): Promise<string> {
  const alert = await within(overlay).findByTestId('overlay-error');
  expect(alert).toHaveAttribute('role', 'alert');
  return alert.textContent ?? '';
}

/** Types each value into the field of that label inside `container` (a drawer, a form), in order. */
export async function fillIn(container: HTMLElement, values: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(values)) {
    await userEvent.type(within(container).getByLabelText(label), value);
  }
}

/** Checks that `element` shows each of `texts`, one assertion a text, so a failure names the missing one. */
export function expectTexts(element: HTMLElement, texts: readonly (string | RegExp)[]) {
  for (const text of texts) expect(element).toHaveTextContent(text);
}
