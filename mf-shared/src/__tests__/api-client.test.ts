import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { ApiClient, COMMUNICATION_FAILURE } from '../api/client';
import { SessionStore } from '../session/store';

function setup(path = '/dashboard', userType: 'professional' | 'shopkeeper' | 'admin' = 'professional') {
  localStorage.clear();
  const session = new SessionStore(localStorage);
  session.setUser({
    name: 'N',
    email: 'e@x.y',
    profileImage: null,
    accessToken: 'abc',
    userType,
    shopkeeperType: null,
  });
  const client = new ApiClient({ session, language: () => 'ptBR', pathname: () => path, storage: localStorage });
  const requests: InternalAxiosRequestConfig[] = [];
  const answer =
    (status: number, data: unknown): AxiosAdapter =>
    async (config) => {
      requests.push(config);
      if (status >= 400) {
        const error = Object.assign(new Error(`HTTP ${status}`), {
          isAxiosError: true,
          config,
          response: { status, data, headers: {}, config, statusText: '' },
        });
        throw error;
      }
      return { status, data, headers: {}, config, statusText: 'OK' };
    };
  return { session, client, requests, answer };
}

describe('the API client (spec 7.1 and 8)', () => {
  it('sends the token, language, accept and user type headers to /api', async () => {
    const { client, requests, answer } = setup('/dashboard', 'shopkeeper');
    client.adapter = answer(200, { ok: true });
    const [data, error] = await client.get<{ ok: boolean }>('/professionals/get-dashboard-data');
    expect(error).toBeNull();
    expect(data).toEqual({ ok: true });
    const headers = requests[0]?.headers;
    expect(requests[0]?.baseURL).toBe('/api');
    expect(headers?.Authorization).toBe('Bearer abc');
    expect(headers?.['Accept-Language']).toBe('ptBR');
    expect(headers?.Accept).toBe('application/json');
    expect(headers?.['X-UserType']).toBe('shopkeeper');
    expect(headers?.['X-Shopkeeper']).toBe('true');
  });

  it('does not send X-Shopkeeper for a professional', async () => {
    const { client, requests, answer } = setup();
    client.adapter = answer(200, {});
    await client.get('/x');
    expect(requests[0]?.headers?.['X-Shopkeeper']).toBeUndefined();
  });

  it('returns the server error object as the second element', async () => {
    const { client, answer } = setup();
    client.adapter = answer(409, { msg: 'Nota já cadastrada', code: 'invoice.duplicate' });
    expect(await client.post('/x', {})).toEqual([null, { msg: 'Nota já cadastrada', code: 'invoice.duplicate' }]);
  });

  it('a 401 outside /auth clears storage and the user, and returns the error on non-CMS pages', async () => {
    const { client, session, answer } = setup('/dashboard');
    localStorage.setItem('other', '1');
    client.adapter = answer(401, { msg: 'Sessão expirada', code: 'auth.invalid-token' });
    const [, error] = await client.get('/professionals/get-dashboard-data');
    expect(error?.msg).toBe('Sessão expirada');
    expect(session.value.user).toBeNull();
    expect(localStorage.length).toBe(0);
  });

  it('a 401 on a CMS page is dropped silently', async () => {
    const { client, session, answer } = setup('/cms/dashboard', 'admin');
    client.adapter = answer(401, { msg: 'Sessão expirada' });
    expect(await client.get('/cms/dashboard/get-all')).toEqual([null, null]);
    expect(session.value.user).toBeNull();
  });

  it('a 401 from /auth/ keeps the session (it is a failed login, not an expired one)', async () => {
    const { client, session, answer } = setup();
    client.adapter = answer(401, { msg: 'Login ou senha inválidos', code: 'invalid.credentials' });
    const [, error] = await client.post('/auth/login', {});
    expect(error?.code).toBe('invalid.credentials');
    expect(session.value.user).not.toBeNull();
  });

  it('no response gives the communication-failure message with its cause', async () => {
    const { client } = setup();
    client.adapter = async () => {
      throw new Error('Network Error');
    };
    const [, error] = await client.get('/x');
    expect(error?.msg).toBe(`${COMMUNICATION_FAILURE} (Erro: Network Error)`);
  });

  it('is quiet once every call has been answered and none followed for the window, or at the limit', async () => {
    const { client } = setup();
    const answers: (() => void)[] = [];
    client.adapter = (config) =>
      new Promise((resolve) =>
        answers.push(() => resolve({ status: 200, data: {}, headers: {}, config, statusText: 'OK' })),
      );
    const reads = [client.get('/a'), client.get('/b')];
    let quiet = false;
    const waiting = client.quiet(20, 10_000).then(() => {
      quiet = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(quiet).toBe(false);
    answers.shift()?.();
    await reads[0];
    await new Promise((resolve) => setTimeout(resolve, 80));
    // One read is still waiting for its answer.
    expect(quiet).toBe(false);
    answers.shift()?.();
    await reads[1];
    await waiting;
    expect(quiet).toBe(true);

    // A call that never answers holds it only until the limit.
    void client.get('/never');
    const started = performance.now();
    await client.quiet(20, 150);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });
});
