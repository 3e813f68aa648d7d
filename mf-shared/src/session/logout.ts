import { session } from '../runtime';

/** Logout clears all local storage and goes to /login (spec 2.8). */
export function logout(navigate: (url: string) => void = (url) => window.location.assign(url)): void {
  try {
    localStorage.clear();
  } catch {
    // Nothing to clear when storage is blocked.
  }
  // To /login first, then forget the user: the shell sends a user who loses the session on a private page to the login
  // with that page as `redirect` (an expired session), which a logout must not race into.
  navigate('/login');
  session.clearUser();
}
