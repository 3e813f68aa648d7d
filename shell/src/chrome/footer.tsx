import { session } from '@especifica/mf-shared';
import { addStyles, plainChromeLifecycles, useTexts } from '@especifica/mf-shared/plain';
import { type MouseEvent, useSyncExternalStore } from 'react';
import { navigateToUrl } from 'single-spa';
import { CHAT_URL } from '../config';

// Drawn without the UI kit (it is on every page, /login included), at the sizes and colours the kit gave it.
const css = `.es-footer{box-sizing:border-box;background:var(--es-card);border-top:1px solid var(--es-surface-100);padding:20px 16px;font-size:14px;line-height:1.5}
@media (min-width:767px){.es-footer{padding:20px 32px}}
.es-footer>div{max-width:1440px;margin:0 auto;display:flex;justify-content:space-between;align-items:center;gap:12px;flex-wrap:wrap}
.es-footer p{margin:0;color:var(--es-muted)}
.es-footer>div>div{display:flex;gap:8px 24px;flex-wrap:wrap}
.es-footer a{color:var(--es-fg);text-decoration:none;border-radius:2px}
.es-footer a:hover{text-decoration:underline}
.es-footer a:focus-visible{outline:2px solid #a1a1aa;outline-offset:2px}`;

const subscribe = (onChange: () => void) => {
  const subscription = session.changes.subscribe(onChange);
  return () => subscription.unsubscribe();
};
const userType = () => session.value.user?.userType;

/** The FAQ is the participant area's: linked for professionals and shopkeepers, on every page of theirs. */
function FaqLink({ label }: { label: string }) {
  const type = useSyncExternalStore(subscribe, userType, userType);
  if (type !== 'professional' && type !== 'shopkeeper') return null;
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigateToUrl('/faq');
  };
  return (
    <a href="/faq" onClick={onClick}>
      {label}
    </a>
  );
}

export function Footer() {
  const { t } = useTexts();
  addStyles('es-footer', css);
  return (
    <footer className="es-footer">
      <div>
        <p>
          © {new Date().getFullYear()} {t('common.appName')}. {t('footer.rights')}
        </p>
        <div>
          <FaqLink label={t('footer.faq')} />
          <a href={CHAT_URL} target="_blank" rel="noopener noreferrer">
            {t('footer.contact')}
          </a>
          <a href="/politica-de-privacidade.pdf" target="_blank" rel="noopener noreferrer">
            {t('footer.privacy')}
          </a>
        </div>
      </div>
    </footer>
  );
}

export const { bootstrap, mount, unmount } = plainChromeLifecycles('footer', Footer);
