import { api } from '@especifica/mf-shared';
import { MemoryRouter, Route, Routes, useLocation } from '@especifica/mf-shared/router';
import { UiProvider } from '@especifica/mf-shared/ui';
import { render } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import type { ReactElement } from 'react';

export interface Sent {
  method?: string;
  url?: string;
  body: unknown;
}

/** Answers each call by its URL (a function of the body, or a fixed [status, data]) and records what was sent. */
export function fakeApi(routes: Record<string, [number, unknown] | ((body: unknown) => [number, unknown])>) {
  const sent: Sent[] = [];
  const adapter: AxiosAdapter = async (config) => {
    let body: unknown = config.data;
    if (typeof config.data === 'string') body = JSON.parse(config.data);
    sent.push({ method: config.method, url: config.url, body });
    const route = routes[config.url ?? ''];
    const [status, data] = typeof route === 'function' ? route(body) : (route ?? [404, { msg: 'no route' }]);
    if (status >= 400) {
      throw Object.assign(new Error('x'), {
        isAxiosError: true,
        config,
        response: { status, data, headers: {}, config, statusText: '' },
      });
    }
    return { status, data, headers: {}, config, statusText: 'OK' };
  };
  api.http.defaults.adapter = adapter;
  return sent;
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

/** Renders `element` at `url` inside the real providers; any other path shows where the page navigated. */
export function renderPage(url: string, paths: string[], element: ReactElement) {
  return render(
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
}
