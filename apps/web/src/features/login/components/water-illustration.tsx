/** Decorative banner art: a pump station, a pipe network and water. Pure SVG, no image request. */
export function WaterIllustration() {
  return (
    <svg className="login-banner__art" viewBox="0 0 320 200" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="login-water" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#7BE0FF" stopOpacity="0.9" />
          <stop offset="1" stopColor="#3C7EFF" stopOpacity="0.6" />
        </linearGradient>
      </defs>
      <rect x="36" y="70" width="86" height="70" rx="6" fill="#ffffff" fillOpacity="0.16" />
      <path d="M30 74 L79 42 L128 74 Z" fill="#ffffff" fillOpacity="0.24" />
      <rect x="54" y="92" width="20" height="20" rx="3" fill="#ffffff" fillOpacity="0.35" />
      <rect x="84" y="92" width="20" height="20" rx="3" fill="#ffffff" fillOpacity="0.35" />
      <circle cx="79" cy="128" r="8" fill="none" stroke="#ffffff" strokeOpacity="0.7" strokeWidth="3" />
      <path
        d="M122 120 H180 V90 H250 M180 120 V150 H270 M250 90 V60 H290"
        fill="none"
        stroke="#ffffff"
        strokeOpacity="0.55"
        strokeWidth="6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="180" cy="120" r="7" fill="#ffffff" fillOpacity="0.85" />
      <circle cx="250" cy="90" r="7" fill="#ffffff" fillOpacity="0.85" />
      <circle cx="270" cy="150" r="7" fill="#ffffff" fillOpacity="0.85" />
      <path d="M230 20 C230 20 214 40 214 50 A16 16 0 0 0 246 50 C246 40 230 20 230 20 Z" fill="url(#login-water)" />
      <path
        d="M0 176 C40 164 80 188 120 176 C160 164 200 188 240 176 C280 164 300 180 320 176 V200 H0 Z"
        fill="url(#login-water)"
      />
    </svg>
  );
}
