import { addStyles, addThemeStyles } from '@especifica/mf-shared/plain';

/**
 * The login card's stylesheet: the same sizes, colours and states that the UI kit gives the other account pages
 * (card, fields, buttons, links), drawn without Chakra so /login downloads no UI kit. Colours are the theme's custom
 * properties (`@especifica/mf-shared/plain`).
 */
const css = `
.es-auth{box-sizing:border-box;min-height:calc(100vh - 120px);display:flex;align-items:center;justify-content:center;padding:40px 16px;line-height:1.5}
.es-auth *,.es-auth *::before,.es-auth *::after{box-sizing:border-box;margin:0}
.es-card{width:100%;max-width:420px;background:var(--es-card);color:var(--es-ink);padding:24px;border-radius:var(--es-radius);box-shadow:0 4px 8px rgba(24,24,27,.1),0 0 1px rgba(24,24,27,.3)}
@media (min-width:767px){.es-card{padding:40px}}
.es-art{display:none}
@media (min-width:1024px){.es-auth{gap:64px}.es-art{display:block;flex:0 1 440px;min-width:0;color:var(--es-brand)}.es-art svg{display:block;width:100%;height:auto}}
.es-brand{font-size:var(--es-font-xl);font-weight:700;color:var(--es-brand);margin-bottom:4px!important}
.es-title{font-family:var(--es-font-heading);font-size:var(--es-font-xxl);font-weight:600;line-height:30px;margin-bottom:16px!important}
.es-stack{display:flex;flex-direction:column;gap:16px}
.es-field{display:flex;flex-direction:column;gap:6px}
.es-field label{font-size:14px;line-height:20px;font-weight:500}
.es-input{font:inherit;font-size:14px;line-height:20px;height:40px;width:100%;padding:0 12px;color:inherit;background:transparent;border:1px solid var(--es-border);border-radius:4px;outline:0}
.es-input:focus-visible{border-color:#a1a1aa;outline:1px solid #a1a1aa}
.es-input[aria-invalid=true]{border-color:#ef4444}
.es-input[aria-invalid=true]:focus-visible{outline-color:#ef4444}
.es-error{font-size:13px;line-height:16px;font-weight:500;color:var(--es-error)}
.es-error:empty{margin-top:-6px!important}
.es-link{font-size:14px;line-height:21px;color:var(--es-brand);text-decoration:none;border-radius:2px;cursor:pointer}
.es-link:hover{text-decoration:underline}
.es-link:focus-visible{outline:2px solid #a1a1aa;outline-offset:2px}
.es-button{font:inherit;display:inline-flex;align-items:center;justify-content:center;gap:8px;height:40px;padding:0 16px;font-size:14px;line-height:20px;font-weight:500;border:1px solid transparent;border-radius:4px;cursor:pointer;user-select:none;white-space:nowrap;transition:background-color .2s,border-color .2s,color .2s}
.es-button:focus-visible{outline:2px solid var(--es-focus);outline-offset:2px}
.es-button:disabled{cursor:not-allowed}
.es-solid{background:var(--es-primary-600);color:#fff}
.es-solid:hover:not(:disabled){background:var(--es-primary-700)}
.es-outline{border-color:var(--es-border);background:transparent;color:var(--es-brand-fg)}
.es-outline:hover{background:var(--es-brand-subtle)}
.es-ghost{background:transparent;color:var(--es-brand-fg)}
.es-ghost:hover{background:var(--es-brand-subtle)}
.es-lg{height:44px;padding:0 20px;font-size:16px;line-height:24px}
.es-button[aria-busy=true]{position:relative;color:transparent}
.es-button[aria-busy=true]::after{content:'';position:absolute;width:20px;height:20px;border:2px solid #fff;border-right-color:transparent;border-radius:50%;animation:es-spin .6s linear infinite}
@keyframes es-spin{to{transform:rotate(360deg)}}
.es-toggle,.es-choice{border:0;padding:0;min-width:0}
.es-toggle{display:flex;gap:8px;margin-bottom:24px!important}
.es-toggle .es-button{flex:1}
.es-choice{display:flex;flex-direction:column;align-items:center;gap:8px}
.es-choice p{font-size:14px;line-height:21px;color:var(--es-muted)}
.es-choice div{display:flex;gap:16px}
.es-choice .es-link{font-size:16px;line-height:24px}
.es-sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
.es-spinner{display:flex;align-items:center;justify-content:center;min-height:50vh}
.es-spinner::after{content:'';width:20px;height:20px;border:2px solid var(--es-brand);border-right-color:transparent;border-radius:50%;animation:es-spin .6s linear infinite}
`;

export function addAuthStyles(): void {
  addThemeStyles();
  addStyles('es-auth', css);
}
