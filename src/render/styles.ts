import type { Theme } from './theme.js';

/**
 * The one stylesheet of a generated page, from its theme. Mobile first, no external fonts or
 * images, long words wrap (no horizontal overflow at 375 px), visible focus everywhere.
 * `root` is `body` for a whole document and `.ao-root` for an embed: the wrapper inside its
 * shadow root, because the host page's rules (even `* { color: red !important }`) still reach
 * the host element itself and would be inherited from there.
 */

const radius: Record<Theme['radius'], string> = { none: '0', small: '4px', medium: '10px', large: '18px', pill: '999px' };

export function stylesheet(theme: Theme, root: 'body' | '.ao-root'): string {
  const c = theme.colors;
  const minimal = theme.density === 'minimal';
  const r = radius[theme.radius];
  // Inputs and cards cannot be pills: cap their rounding.
  const boxRadius = theme.radius === 'pill' ? radius.large : r;
  const host = root === '.ao-root' ? ':host{all:initial;display:block;contain:content}' : 'html{-webkit-text-size-adjust:100%;scroll-behavior:smooth}';
  return [
    host,
    `${root}{--bg:${c.background};--surface:${c.surface};--text:${c.text};--muted:${c.muted};--primary:${c.primary};--on-primary:${c.on_primary};--link:${c.link};--accent:${c.accent};--radius:${r};--box:${boxRadius};`,
    `margin:0;background:var(--bg);color:var(--text);font:1rem/1.6 ${theme.font_stack};color-scheme:${theme.mode};overflow-wrap:anywhere;word-break:normal}`,
    '*,*::before,*::after{box-sizing:border-box}',
    // The hidden attribute must win over a component's own display (a .btn is inline-flex).
    '[hidden]{display:none!important}',
    'img{max-width:100%;height:auto}',
    'a{color:var(--link);text-underline-offset:.15em}',
    ':focus-visible{outline:3px solid var(--link);outline-offset:2px}',
    'h1,h2,h3{line-height:1.2;margin:0 0 .75rem;text-wrap:balance}',
    `h1{font-size:clamp(2rem,6vw,3.25rem);letter-spacing:-.02em}h2{font-size:clamp(1.5rem,4vw,2.25rem)}h3{font-size:1.15rem}`,
    'p{margin:0 0 1rem}ul{margin:0;padding:0}',
    '.skip{position:absolute;left:.5rem;top:-4rem;background:var(--bg);color:var(--link);padding:.5rem 1rem;z-index:10}.skip:focus{top:.5rem}',
    '.wrap{max-width:72rem;margin:0 auto;padding:0 1.25rem}',
    `.sec{padding:${minimal ? '3rem' : '4rem'} 0}`,
    `.alt{background:${minimal ? 'var(--bg)' : 'var(--surface)'}}`,
    '.center{text-align:center}.center .lead{margin-left:auto;margin-right:auto}',
    '.narrow .wrap{max-width:40rem}',
    '.lead{font-size:1.15rem;color:var(--muted);max-width:42rem}',
    '.small{font-size:.9rem;color:var(--muted)}',
    '.eyebrow{font-weight:600;text-transform:uppercase;letter-spacing:.08em;font-size:.85rem;color:var(--link)}',
    `.hero{padding:${minimal ? '4rem' : '5rem'} 0 ${minimal ? '3rem' : '4rem'}}`,
    '.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.5rem}.center .actions{justify-content:center}',
    `.btn{display:inline-block;background:var(--primary);color:var(--on-primary);border:2px solid var(--primary);border-radius:var(--radius);padding:.7rem 1.3rem;font:inherit;font-weight:600;text-decoration:none;cursor:pointer;line-height:1.3}`,
    '.btn:hover{filter:brightness(1.08)}.btn[disabled]{opacity:.7;cursor:progress}',
    '.btn-secondary{background:transparent;color:var(--link);border-color:var(--link)}',
    '.grid{list-style:none;display:grid;gap:1.25rem;grid-template-columns:repeat(auto-fit,minmax(min(100%,16rem),1fr));margin-top:1.5rem}',
    `.card{background:var(--surface);border:1px solid ${minimal ? 'var(--muted)' : 'transparent'};border-radius:var(--box);padding:1.5rem${minimal ? '' : ';box-shadow:0 1px 2px rgb(0 0 0 / .06),0 4px 16px rgb(0 0 0 / .06)'}}`,
    '.alt .card{background:var(--bg)}',
    '.card p:last-child{margin-bottom:0}',
    '.tier{display:flex;flex-direction:column}.tier .ticks{flex:1}',
    '.featured{border:2px solid var(--accent)}',
    '.badge{display:inline-block;align-self:flex-start;font-size:.8rem;font-weight:600;border:1px solid var(--accent);border-radius:var(--radius);padding:.1rem .6rem}',
    '.price strong{font-size:2rem}.price span{color:var(--muted)}',
    '.ticks{list-style:none;margin:0 0 1.25rem}.ticks li{padding-left:1.5rem;position:relative;margin:.35rem 0}',
    '.ticks li::before{content:"✓";position:absolute;left:0;color:var(--link);font-weight:700}',
    'figure{margin:0}blockquote{margin:0 0 1rem;font-size:1.05rem}figcaption{color:var(--muted)}',
    '.faq{margin-top:1rem}',
    // Example text is visibly example text: a dashed frame and a note the contrast checks cover (text on bg).
    '.example .card,.example details{border:2px dashed var(--muted)}.example-note{font-weight:600;border-left:4px solid var(--accent);padding:.25rem .75rem}',
    'address{font-style:normal}.visit{margin-bottom:1rem}',
    'details{border-bottom:1px solid var(--muted);padding:.9rem 0}details p{margin:.75rem 0 0}',
    'summary{cursor:pointer;font-weight:600}',
    '.countdown{font-size:1.25rem;font-weight:600}.countdown time{display:block;font-size:1rem;font-weight:400;color:var(--muted)}',
    '.remaining:empty{display:none}',
    '.ao-form{margin-top:1.25rem}',
    '.field{margin-bottom:1rem}.field label{display:block;font-weight:600;margin-bottom:.3rem}',
    `input,textarea,select{width:100%;font:inherit;color:var(--text);background:var(--bg);border:1px solid var(--muted);border-radius:var(--box);padding:.65rem .75rem}`,
    '.req{color:var(--muted)}',
    '.hp{position:absolute;left:-10000px;top:auto;width:1px;height:1px;overflow:hidden}',
    '.form-status{margin-top:1rem;font-weight:600}.form-status:empty{display:none}',
    // Products: the gallery beside the details on wide screens, above them on narrow ones.
    '.product{display:grid;gap:2rem;grid-template-columns:repeat(auto-fit,minmax(min(100%,20rem),1fr));align-items:start}',
    '.gallery{list-style:none;display:grid;gap:.75rem;grid-template-columns:repeat(auto-fill,minmax(min(100%,9rem),1fr))}.gallery li:first-child{grid-column:1/-1}',
    '.gallery img{display:block;width:100%;aspect-ratio:1;object-fit:cover;border-radius:var(--box);background:var(--surface)}',
    '.buy{margin-top:1.5rem}.sold-out{margin-top:1.5rem;color:var(--muted)}',
    '.site-header{border-bottom:1px solid var(--surface)}',
    '.bar{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.5rem 1.5rem;padding-top:1rem;padding-bottom:1rem}',
    '.brand{display:inline-flex;align-items:center;gap:.6rem;font-weight:700;font-size:1.1rem;color:var(--text);text-decoration:none}',
    '.site-header ul,.inline{list-style:none;display:flex;flex-wrap:wrap;gap:.5rem 1.25rem}',
    '.site-footer{border-top:1px solid var(--surface);padding:2rem 0;color:var(--muted);font-size:.95rem}',
    // Course sites: lesson lists with their state marks, a lesson's outline, key points and exercises.
    '.course-modules,.lessons{list-style:none}.course-modules>li{margin-top:1.5rem}.lesson-item{padding:.6rem 0;border-bottom:1px solid var(--surface)}.lesson-item p{margin:.2rem 0 0}',
    '.mark{display:inline-block;font-size:.8rem;font-weight:600;border:1px solid var(--muted);border-radius:var(--radius);padding:0 .5rem}.mark-done,.mark-open,.mark-preview{border-color:var(--link);color:var(--link)}',
    '.lesson-module{font-weight:600;color:var(--muted)}.notice{border-left:4px solid var(--accent);padding:.25rem .75rem}progress{width:100%;max-width:20rem;vertical-align:middle}',
    '.outline ol,.text-list{padding-left:1.25rem}.key-points,.exercises{margin:1.5rem 0}.lesson-text{margin-top:1.5rem}.lesson-nav{margin-top:2rem}.join,.account{margin-top:2.5rem}',
    '@media (prefers-reduced-motion:reduce){html{scroll-behavior:auto}}',
  ].join('\n');
}
