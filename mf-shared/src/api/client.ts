import axios, { type AxiosInstance, type AxiosRequestConfig, isAxiosError } from 'axios';
import type { ApiError } from '../contracts/common';
import type { SessionStore } from '../session/store';

export type Result<T> = [T, null] | [null, ApiError] | [null, null];

export interface DownloadedFile {
  blob: Blob;
  /** From Content-Disposition, when the server names the file. */
  filename: string | null;
}

export const COMMUNICATION_FAILURE = 'Ocorreu um erro durante a comunicação com o servidor.';

export interface ApiClientOptions {
  session: SessionStore;
  language: () => string;
  /** The current page path: a 401 on a CMS page is dropped silently, elsewhere it is returned (spec 8). */
  pathname?: () => string;
  baseURL?: string;
  storage?: Storage;
}

function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && typeof (value as ApiError).msg === 'string';
}

/** The one API client of spec 7.1: every call yields [data, error] and never throws. */
export class ApiClient {
  readonly http: AxiosInstance;

  constructor(private readonly options: ApiClientOptions) {
    this.http = axios.create({ baseURL: options.baseURL ?? '/api', timeout: 30_000 });
    this.http.interceptors.request.use((config) => {
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
      const response = await this.http.request<Blob>({
        method: 'GET',
        url,
        params,
        responseType: 'blob',
        onDownloadProgress: (event) => onProgress?.(event.loaded, event.total ?? null),
      });
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
    try {
      const response = await this.http.request<T>(config);
      return [response.data, null];
    } catch (cause) {
      return this.failure(config.url ?? '', cause);
    }
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
