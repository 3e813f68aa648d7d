/**
 * The public pages' side drawing: a room of the field in one-point perspective (a pendant, a sofa, a plant, a rug)
 * with material swatches on its floor, drawn in lines of the current colour so it follows the theme. Plain elements,
 * no Chakra: /login draws it. Paths are not a largest-paint candidate, so the form stays the page's largest paint.
 */
export function FieldScene({ className }: { className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 440 360"
      width="440"
      height="360"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      data-testid="field-scene"
    >
      <g opacity=".4">
        <path d="M90 60L30 14M350 60l60-46M90 250l-60 90M350 250l60 90M150 250l-30 90M210 250l-10 90M270 250l20 90M60 292h320M45 316h350" />
        <path d="M150 132c10 6 30 6 40 0M244 168c20-8 50-6 70 2" />
        <ellipse cx="172" cy="292" rx="104" ry="16" />
      </g>
      <path d="M90 60h260v190H90zM236 86h84v104h-84zM278 86v104M236 138h84" />
      <path d="M170 60v46M156 122l14-16 14 16zM106 236v-28h128v28zM112 208v-26h116v26M100 238v-22h6M234 216h6v22M112 236v8M228 236v8" />
      <path d="M262 250v-30h36v30M280 220v-16M280 204c-10-6-14-18-8-28M280 204c8-8 18-12 22-24M280 206c-14 2-24-4-28-12" />
      <g fill="var(--es-card, #fff)">
        <path d="M300 270l60-8 8 58-60 8z" />
        <path d="M340 282h56v58h-56z" />
        <circle cx="300" cy="334" r="18" />
      </g>
      <g opacity=".5">
        <path d="M308 282c10 4 18-2 30 4M312 300c14 2 20 10 36 8" />
        <path d="M340 302h56M340 321h56M358 282v58M377 282v58" />
        <path d="M290 330c6-6 14-6 20 0M288 338c8-6 16-6 24 0" />
      </g>
    </svg>
  );
}
