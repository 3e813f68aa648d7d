import { session } from '../runtime';

/** Logout clears all local storage and goes to /login (spec 2.8). */
export function logout(navigate: (url: string) => void = (url) => window.location.assign(url)): void {
  try {
    localStorage.clear();
  } catch {
    // Nothing to clear when storage is blocked.
  }
  session.clearUser();
  navigate('/login');
}
