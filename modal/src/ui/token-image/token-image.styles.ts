import { css } from 'lit';
import { reducedMotion } from '../../theme/theme.js';

// Compact on purpose: this sheet ships with the shell, and a dapp's minifier keeps CSS text as written.
export const tokenImageStyles = [
  css`
:host{display:inline-flex;width:var(--mb-image-size,32px);height:var(--mb-image-size,32px);flex:none;border-radius:50%;overflow:hidden;vertical-align:middle}
:host([shape='square']){border-radius:25%}
img,span{width:100%;height:100%}
img{object-fit:cover;background:#f6f7f9}
.fallback{display:grid;place-items:center;background:var(--_mb-token-colour,#5b5f66);color:#fff;font-weight:700;line-height:1;white-space:nowrap;font-size:calc(var(--mb-image-size,32px)*var(--_mb-letters-scale,.42))}
.skeleton{background:linear-gradient(90deg,var(--_mb-color-surface,#f2f3f5),var(--_mb-color-surface-hover,#e6e8eb),var(--_mb-color-surface,#f2f3f5)) 0 0/200% 100%;animation:shimmer 1.2s ease-in-out infinite}
@keyframes shimmer{from{background-position:100% 0}to{background-position:-100% 0}}
`,
  reducedMotion,
];
