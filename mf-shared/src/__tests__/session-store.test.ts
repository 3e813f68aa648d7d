import { SessionStore, STORAGE_KEY, type StoredUser } from '../session/store';

const user: StoredUser = {
  name: 'Ana Arquiteta',
  email: 'ana@especifica.dev',
  profileImage: null,
  accessToken: 'token',
  userType: 'professional',
  shopkeeperType: null,
};

describe('the session store', () => {
  beforeEach(() => localStorage.clear());

  it('changes only when a patch of the user or a score differs from what it keeps', () => {
    const store = new SessionStore(localStorage);
    store.setUser(user);
    store.setScore({ level: 'Prata', points: 10, sublevel: 1 });
    const seen: unknown[] = [];
    const watching = store.changes.subscribe((state) => seen.push(state));
    seen.length = 0; // the current value, given on subscribing
    store.patchUser({ profileImage: null, name: 'Ana Arquiteta' });
    store.setScore({ level: 'Prata', points: 10, sublevel: 1 });
    expect(seen).toHaveLength(0);
    store.patchUser({ profileImage: 'https://cdn/ana.png' });
    store.setScore({ level: 'Prata', points: 10.5, sublevel: 1 });
    store.setScore(null);
    watching.unsubscribe();
    expect(seen).toHaveLength(3);
    expect(store.value.user?.profileImage).toBe('https://cdn/ana.png');
    expect(store.value.score).toBeNull();
  });

  it('persists only user, score and loginAllUsers under the key "store"', () => {
    const store = new SessionStore(localStorage);
    store.setUser(user, true);
    store.setScore({ level: 'Prata', points: 10, sublevel: 1 });
    store.setRecoverPassword({ email: 'a@b.c', error: 'x', type: 'admin' });
    store.setSignUp({ step: 2 });
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}');
    expect(Object.keys(saved).sort()).toEqual(['loginAllUsers', 'score', 'user']);
    expect(saved.user.accessToken).toBe('token');
    expect(saved.loginAllUsers).toBe(true);
  });

  it('keeps nothing once the user is gone, however late a read of the points answers (spec 2.8)', () => {
    const store = new SessionStore(localStorage);
    store.setUser(user);
    store.setScore({ level: 'Prata', points: 10, sublevel: 1 });
    // A logout: the storage is cleared, then the user forgotten.
    localStorage.clear();
    store.clearUser();
    store.setScore({ level: 'Prata', points: 12, sublevel: 1 });
    store.setLoginStatus('LOGIN_FAILED');
    expect(localStorage.length).toBe(0);
    expect(store.value.score).toBeNull();
    expect(new SessionStore(localStorage).value.user).toBeNull();
  });

  it('restores the saved user as logged in after a reload', () => {
    new SessionStore(localStorage).setUser(user);
    const reloaded = new SessionStore(localStorage);
    expect(reloaded.value.user?.name).toBe('Ana Arquiteta');
    expect(reloaded.value.loginStatus).toBe('LOGGED_IN');
  });

  it('starts logged out when the saved value is not JSON', () => {
    localStorage.setItem(STORAGE_KEY, '{broken');
    expect(new SessionStore(localStorage).value.user).toBeNull();
  });

  it('tells subscribers when the user changes', () => {
    const store = new SessionStore(localStorage);
    const seen: Array<string | null> = [];
    store.select((s) => s.user?.name ?? null).subscribe((name) => seen.push(name));
    store.setUser(user);
    store.clearUser();
    expect(seen).toEqual([null, 'Ana Arquiteta', null]);
  });

  it('keeps the recover-password state with its type', () => {
    const store = new SessionStore(localStorage);
    store.setRecoverPasswordType('shopkeeper');
    expect(store.value.recoverPassword).toEqual({ email: '', error: null, type: 'shopkeeper' });
  });
});
