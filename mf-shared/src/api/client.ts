import type { AxiosAdapter, AxiosError, AxiosInstance, AxiosRequestConfig } from 'axios';
import type { ApiError } from '../contracts/common';
import type { Task } from '../contracts/tasks';
import { loadOnce } from '../load-once';
import type { SessionStore } from '../session/store';

export type Result<T> = [T, null] | [null, ApiError] | [null, null];

export interface DownloadedFile {
  blob: Blob;
  /** From Content-Disposition, when the server names the file. */
  filename: string | null;
  /** The task the server answered with (202) instead of the file: a large export done by a job (docs/jobs.md). */
  task?: Task;
}

/** A Blob's text, where Blob.text() is missing too (an older engine, jsdom). */
export function textOf(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

export const COMMUNICATION_FAILURE = 'Ocorreu um erro durante a comunicação com o servidor.';

export interface ApiClientOptions {
  session: SessionStore;
  language: () => string;
  /** The current page path: a 401 on a CMS page is dropped silently, elsewhere it is returned (spec 8). */
  pathname?: () => string;
  baseURL?: string;
  storage?: Storage;
  /** Settles when the client may load axios and call the API (FirstScreen's `ready`); at once when not given. */
  ready?: () => Promise<unknown>;
}

/** What axios's own `isAxiosError` checks, without loading axios to ask it. */
function isAxiosError(value: unknown): value is AxiosError {
  return typeof value === 'object' && value !== null && (value as AxiosError).isAxiosError === true;
}

function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && typeof (value as ApiError).msg === 'string';
}

/** The one API client of spec 7.1: every call yields [data, error] and never throws. */
export class ApiClient {
  /**
   * The axios instance, loaded with the first call once `ready` allows, so that a page that calls nothing yet, such
   * as the login form before its submit, does not download axios. A load that failed is tried again.
   */
  readonly http: () => Promise<AxiosInstance>;
  /** Answers every call instead of the network when set (the unit tests' fake API). */
  adapter: AxiosAdapter | undefined;
  /** Calls asked and not yet answered, and when the last one was answered: what `quiet` waits on. */
  #inFlight = 0;
  #lastAnswer = 0;

  constructor(private readonly options: ApiClientOptions) {
    this.http = loadOnce(async () => {
      await options.ready?.();
      const { default: axios } = await import('axios');
      const http = axios.create({ baseURL: options.baseURL ?? '/api', timeout: 30_000 });
      http.interceptors.request.use((config) => {
        const user = options.session.value.user;
        config.headers.set('Accept', 'application/json');
        config.headers.set('Accept-Language', options.language());
        if (user) {
          config.headers.set('Authorization', `Bearer ${user.accessToken}`);
          config.headers.set('X-UserType', user.userType);
          if (user.userType === 'shopkeeper') config.headers.set('X-Shopkeeper', 'true');
        }
        return config;
      });
      return http;
    });
  }

  get<T>(url: string, params?: Record<string, unknown>): Promise<Result<T>> {
    return this.request<T>({ method: 'GET', url, params });
  }

  post<T>(url: string, data?: unknown): Promise<Result<T>> {
    return this.request<T>({ method: 'POST', url, data });
  }

  put<T>(url: string, data?: unknown): Promise<Result<T>> {
    return this.request<T>({ method: 'PUT', url, data });
  }

  /**
   * A file the API sends (exports, invoice files), through the same headers and 401 handling, with progress
   * (`total` is null when the server streams without a length).
   */
  async download(
    url: string,
    params?: Record<string, unknown>,
    onProgress?: (loaded: number, total: number | null) => void,
  ): Promise<Result<DownloadedFile>> {
    try {
      const http = await this.http();
      const response = await http.request<Blob>({
        adapter: this.adapter,
        method: 'GET',
        url,
        params,
        responseType: 'blob',
        onDownloadProgress: (event) => onProgress?.(event.loaded, event.total ?? null),
      });
      if (response.status === 202) {
        return [{ blob: response.data, filename: null, task: JSON.parse(await textOf(response.data)) as Task }, null];
      }
      const disposition = String(response.headers['content-disposition'] ?? '');
      const name = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1];
      return [{ blob: response.data, filename: name ? decodeURIComponent(name) : null }, null];
    } catch (cause) {
      // An error answer to a blob request is a blob too: read the server's { msg } out of it.
      if (isAxiosError(cause) && cause.response?.data instanceof Blob) {
        try {
          cause.response.data = JSON.parse(await cause.response.data.text());
        } catch {
          cause.response.data = null;
        }
      }
      return this.failure(url, cause);
    }
  }

  async request<T>(config: AxiosRequestConfig): Promise<Result<T>> {
    this.#inFlight += 1;
    try {
      const http = await this.http();
      const response = await http.request<T>({ adapter: this.adapter, ...config });
      return [response.data, null];
    } catch (cause) {
      return this.failure(config.url ?? '', cause);
    } finally {
      this.#inFlight -= 1;
      this.#lastAnswer = performance.now();
    }
  }

  /**
   * Settles once no call has been waiting for an answer for `windowMs` (a page's first reads, which leave one per task
   * once its first screen is shown, have all been answered), or after `limitMs` whatever is in flight: what the page
   * can do without (its typefaces) waits for it, rather than share a slow network with the data the screen shows.
   */
  quiet(windowMs: number, limitMs: number): Promise<void> {
    const deadline = performance.now() + limitMs;
    return new Promise((resolve) => {
      const check = () => {
        const now = performance.now();
        if (now >= deadline || (this.#inFlight === 0 && now - this.#lastAnswer >= windowMs)) resolve();
        else setTimeout(check, windowMs);
      };
      setTimeout(check, windowMs);
    });
  }

  private failure(url: string, cause: unknown): Result<never> {
    if (isAxiosError(cause) && cause.response) {
      const { status, data } = cause.response;
      if (status === 401 && !url.replace(/^\/+/, '').startsWith('auth/')) {
        this.forgetSession();
        const path = this.options.pathname?.() ?? globalThis.location?.pathname ?? '';
        if (path.startsWith('/cms')) return [null, null];
      }
      return [null, isApiError(data) ? data : { msg: `${COMMUNICATION_FAILURE} (Erro: HTTP ${status})` }];
    }
    const reason = cause instanceof Error ? cause.message : String(cause);
    return [null, { msg: `${COMMUNICATION_FAILURE} (Erro: ${reason})`, code: 'communication' }];
  }

  private forgetSession(): void {
    try {
      (this.options.storage ?? globalThis.localStorage)?.clear();
    } catch {
      // Storage may be blocked; the in-memory session is still cleared below.
    }
    this.options.session.clearUser();
  }
}
