import { BehaviorSubject, distinctUntilChanged, map, type Observable } from 'rxjs';
import type { Role, ShopkeeperType } from '../contracts/common';

export const STORAGE_KEY = 'store';

export type LoginStatus = 'LOGGED_IN' | 'LOGGED_OUT' | 'LOGIN_FAILED' | 'LOGIN_ACCEPT_TERM_IN';

/** The outcome of the last switch among the accounts of one e-mail (spec 4). */
export type AccountSwitchStatus = 'ACCOUNT_SWITCHED' | 'ACCOUNT_SWITCHED_ERROR';

export interface StoredUser {
  name: string;
  email: string;
  profileImage: string | null;
  accessToken: string;
  userType: Role;
  shopkeeperType: ShopkeeperType | null;
}

export interface Score {
  level: string;
  points: number;
  sublevel: number;
  /** The level's place among the programme's by threshold, 0 for the entry level: its emblem's material. */
  rank?: number;
  /** Rules per profession: false hides the points (a profession that can neither earn nor spend them). */
  showPoints?: boolean;
  /** Rules per profession: false hides the level. */
  showLevel?: boolean;
}

export interface RecoverPassword {
  email: string;
  error: string | null;
  type: Role;
}

export interface SessionState {
  user: StoredUser | null;
  score: Score | null;
  loginAllUsers: boolean;
  loginStatus: LoginStatus;
  recoverPassword: RecoverPassword | null;
  signUp: Record<string, unknown> | null;
  accountSwitch: AccountSwitchStatus | null;
}

/** Only these survive a reload (spec 3): user, score and loginAllUsers, under the key "store". */
type Persisted = Pick<SessionState, 'user' | 'score' | 'loginAllUsers'>;

const empty: SessionState = {
  user: null,
  score: null,
  loginAllUsers: false,
  loginStatus: 'LOGGED_OUT',
  recoverPassword: null,
  signUp: null,
  accountSwitch: null,
};

function readPersisted(storage: Storage | undefined): Partial<Persisted> {
  try {
    const raw = storage?.getItem(STORAGE_KEY);
    if (!raw) return {};
    const parsed = JSON.parse(raw) as Partial<Persisted>;
    return typeof parsed === 'object' && parsed !== null ? parsed : {};
  } catch {
    return {};
  }
}

export class SessionStore {
  private readonly state$: BehaviorSubject<SessionState>;

  constructor(private readonly storage: Storage | undefined = globalThis.localStorage) {
    const saved = readPersisted(storage);
    this.state$ = new BehaviorSubject<SessionState>({
      ...empty,
      user: saved.user ?? null,
      score: saved.score ?? null,
      loginAllUsers: saved.loginAllUsers === true,
      loginStatus: saved.user ? 'LOGGED_IN' : 'LOGGED_OUT',
    });
  }

  get value(): SessionState {
    return this.state$.getValue();
  }

  get changes(): Observable<SessionState> {
    return this.state$.asObservable();
  }

  select<T>(pick: (state: SessionState) => T): Observable<T> {
    return this.state$.pipe(map(pick), distinctUntilChanged());
  }

  private update(patch: Partial<SessionState>): void {
    const next = { ...this.value, ...patch };
    this.state$.next(next);
    const persisted: Persisted = { user: next.user, score: next.score, loginAllUsers: next.loginAllUsers };
    try {
      // Nothing is kept without a user: a logout has cleared the storage (spec 2.8), and a change after it (the login
      // form's status) must not write a session back.
      if (next.user) this.storage?.setItem(STORAGE_KEY, JSON.stringify(persisted));
      else this.storage?.removeItem(STORAGE_KEY);
    } catch {
      // A full or blocked storage must not break the page; the session then lives until reload.
    }
  }

  setUser(user: StoredUser, loginAllUsers = false): void {
    this.update({ user, loginAllUsers, loginStatus: 'LOGGED_IN' });
  }

  /**
   * Patches the user, and setScore sets the score, only when the value differs from the one kept: every change
   * re-renders whatever reads the session (the whole header, a screen's greeting), and the header and the screens
   * write back what the API said, most often what the session already has.
   */
  patchUser(patch: Partial<Omit<StoredUser, 'accessToken' | 'userType'>>): void {
    const { user } = this.value;
    if (!user) return;
    const changed = (Object.keys(patch) as (keyof typeof patch)[]).some((key) => patch[key] !== user[key]);
    if (changed) this.update({ user: { ...user, ...patch } });
  }

  /**
   * Without a signed-in user, nothing: a read of the points that answers after a logout (the header's, a dashboard's)
   * must not bring them back.
   */
  setScore(score: Score | null): void {
    if (!this.value.user) return;
    const kept = this.value.score;
    const same =
      score === kept ||
      (score !== null &&
        kept !== null &&
        score.level === kept.level &&
        score.points === kept.points &&
        score.sublevel === kept.sublevel &&
        score.rank === kept.rank &&
        (score.showPoints ?? true) === (kept.showPoints ?? true) &&
        (score.showLevel ?? true) === (kept.showLevel ?? true));
    if (!same) this.update({ score });
  }

  setLoginStatus(loginStatus: LoginStatus): void {
    this.update({ loginStatus });
  }

  setRecoverPassword(recoverPassword: RecoverPassword | null): void {
    this.update({ recoverPassword });
  }

  setRecoverPasswordType(type: Role): void {
    this.update({ recoverPassword: { email: '', error: null, ...this.value.recoverPassword, type } });
  }

  setSignUp(signUp: Record<string, unknown> | null): void {
    this.update({ signUp });
  }

  setAccountSwitch(accountSwitch: AccountSwitchStatus | null): void {
    this.update({ accountSwitch });
  }

  /** Forgets the user in memory; callers that log out also clear the whole storage (spec 2.8). */
  clearUser(): void {
    this.state$.next({ ...empty });
  }
}
