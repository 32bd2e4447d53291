/**
 * Demo product pictures: one SVG per leaf category, drawn here (no third-party artwork; see
 * NOTICE.md): the category group's part as a clean pictogram in the shop's brand navy with an
 * orange accent (src/ui/tokens.css --color-brand, --color-accent), on a light panel, with the
 * category's name. 4:3 like the product card's and product page's picture box.
 *
 * A demo product's `image` is `demoImagePath(leaf)`; server/routes/demo-images.ts answers that
 * path with `demoImageSvg(leaf)`. Pure and deterministic: the same slug always gives the same bytes.
 */
import { CATEGORY_TREE } from './categories';

const NAVY = '#1d3557';
const ORANGE = '#f4a261';
const PANEL = '#f5f7fa';
const LINE = '#d5dbe3';

/** Where a demo product's picture is served (one per leaf category). */
export const DEMO_IMAGE_PREFIX = '/image/catalog/demo/';
export const demoImagePath = (leafSlug: string): string => `${DEMO_IMAGE_PREFIX}${leafSlug}.svg`;

const s = `stroke="${NAVY}" stroke-width="8" stroke-linecap="round" stroke-linejoin="round" fill="none"`;
const a = `stroke="${ORANGE}" stroke-width="8" stroke-linecap="round" stroke-linejoin="round" fill="none"`;
const fillNavy = `fill="${NAVY}"`;
const fillOrange = `fill="${ORANGE}"`;

/** Each group's pictogram in a 160 x 160 box. */
const PICTOGRAMS: Record<string, string> = {
  // A vented rotor with its hat and lug holes, the caliper over its edge.
  brakes: `<circle cx="80" cy="84" r="64" ${s}/><circle cx="80" cy="84" r="26" ${s}/>
    ${[0, 72, 144, 216, 288].map((d) => `<circle cx="${80 + 14 * Math.cos((d * Math.PI) / 180)}" cy="${84 + 14 * Math.sin((d * Math.PI) / 180)}" r="3.5" ${fillNavy}/>`).join('')}
    <path d="M118 30 a64 64 0 0 1 26 40" stroke="${ORANGE}" stroke-width="22" stroke-linecap="round" fill="none"/>`,
  // A coil-over: spring around a shock body, eyes at both ends.
  suspension: `<circle cx="80" cy="14" r="9" ${s}/><circle cx="80" cy="148" r="9" ${s}/>
    <path d="M80 23 v18 M80 120 v19" ${s}/><rect x="66" y="41" width="28" height="79" rx="6" ${fillNavy}/>
    <path d="M48 46 L112 58 L48 72 L112 86 L48 100 L112 114" ${a}/>`,
  // A three-spoke steering wheel.
  steering: `<circle cx="80" cy="80" r="64" ${s}/><circle cx="80" cy="88" r="16" ${fillNavy}/>
    <path d="M20 72 Q80 58 140 72 M80 104 V144" ${s}/><path d="M28 56 a58 58 0 0 1 104 0" ${a}/>`,
  // An engine block: valve cover, block, oil pan, intake and pulley.
  engine: `<rect x="34" y="34" width="92" height="22" rx="6" ${fillOrange}/><path d="M26 56 H134 V118 H26 Z" ${s}/>
    <path d="M46 118 V136 H114 V118" ${s}/><path d="M58 22 V34 M80 22 V34 M102 22 V34" ${s}/>
    <circle cx="10" cy="88" r="10" ${s}/><path d="M20 88 H26 M134 74 H152 M134 100 H152" ${s}/>
    <path d="M46 74 H114 M46 96 H114" stroke="${LINE}" stroke-width="6" stroke-linecap="round"/>`,
  // A muffler with its inlet pipe and a polished tip.
  exhaust: `<path d="M4 108 H30" ${s}/><rect x="30" y="70" width="84" height="60" rx="26" ${s}/>
    <path d="M114 100 H134" ${s}/><path d="M134 88 L156 82 V118 L134 112 Z" ${fillOrange}/>
    <path d="M52 88 V112 M72 88 V112 M92 88 V112" stroke="${LINE}" stroke-width="6" stroke-linecap="round"/>`,
  // A round headlamp with its beam.
  lighting: `<circle cx="62" cy="80" r="46" ${s}/><circle cx="62" cy="80" r="20" ${fillOrange}/>
    <path d="M120 52 L156 40 M124 80 H158 M120 108 L156 120" ${a}/>`,
  // A pickup truck, side view.
  exterior: `<path d="M6 112 V84 L30 80 L50 52 H92 V80 H150 Q156 80 156 88 V112 Z" ${s}/>
    <path d="M58 60 H84 V80 H46 Z" ${fillOrange}/><circle cx="42" cy="116" r="16" ${fillNavy}/>
    <circle cx="122" cy="116" r="16" ${fillNavy}/><circle cx="42" cy="116" r="6" fill="${PANEL}"/><circle cx="122" cy="116" r="6" fill="${PANEL}"/>`,
  // A bucket seat with its headrest.
  interior: `<rect x="58" y="8" width="40" height="22" rx="8" ${fillOrange}/><path d="M78 30 V40" ${s}/>
    <path d="M52 40 H104 L96 104 H60 Z" ${s}/><path d="M46 104 H124 Q132 104 130 116 L126 128 H50 Z" ${s}/>
    <path d="M64 128 V148 M112 128 V148" ${s}/>`,
  // A battery with its terminals and charge mark.
  electrical: `<rect x="14" y="44" width="132" height="92" rx="8" ${s}/><rect x="32" y="30" width="22" height="14" ${fillNavy}/>
    <rect x="106" y="30" width="22" height="14" ${fillNavy}/><path d="M86 58 L66 94 H90 L74 124" ${a}/>
    <path d="M34 68 H52 M43 59 V77 M108 68 H126" ${s}/>`,
  // A wheel: tire, rim, five spokes.
  'wheels-tires': `<circle cx="80" cy="80" r="70" ${fillNavy}/><circle cx="80" cy="80" r="46" fill="${PANEL}"/>
    <circle cx="80" cy="80" r="46" ${a}/><circle cx="80" cy="80" r="12" ${fillNavy}/>
    ${[270, 342, 54, 126, 198].map((d) => `<path d="M${80 + 14 * Math.cos((d * Math.PI) / 180)} ${80 + 14 * Math.sin((d * Math.PI) / 180)} L${80 + 42 * Math.cos((d * Math.PI) / 180)} ${80 + 42 * Math.sin((d * Math.PI) / 180)}" ${s}/>`).join('')}`,
  // A ball mount in a receiver, the ball on top.
  towing: `<rect x="4" y="88" width="54" height="30" rx="4" ${s}/><path d="M58 103 H96 V80 H132" ${s}/>
    <circle cx="118" cy="56" r="22" ${fillOrange}/><path d="M110 78 H126 V88 H110 Z" ${fillNavy}/><circle cx="30" cy="103" r="5" ${fillNavy}/>`,
  // A quart of motor oil with a drop.
  'fluids-chemicals': `<path d="M40 48 L58 30 H92 V48 H118 V148 H40 Z" ${s}/><rect x="62" y="14" width="26" height="16" rx="3" ${fillNavy}/>
    <rect x="54" y="76" width="50" height="46" rx="6" ${fillOrange}/><path d="M140 60 Q152 78 146 88 Q140 96 134 88 Q128 78 140 60 Z" ${fillNavy}/>`,
  // A radiator core between its tanks, with a cap.
  cooling: `<rect x="18" y="22" width="124" height="18" rx="5" ${fillNavy}/><rect x="18" y="124" width="124" height="18" rx="5" ${fillNavy}/>
    <path d="M30 40 V124 M50 40 V124 M70 40 V124 M90 40 V124 M110 40 V124 M130 40 V124" stroke="${LINE}" stroke-width="6"/>
    <path d="M18 40 V124 M142 40 V124" ${s}/><circle cx="120" cy="14" r="8" ${fillOrange}/>`,
  // A fuel pump module: flange, body, hose and the fuel drop.
  'fuel-system': `<rect x="34" y="14" width="76" height="16" rx="5" ${fillNavy}/><path d="M60 30 V46 M84 30 V46" ${s}/>
    <rect x="46" y="46" width="52" height="86" rx="10" ${s}/><path d="M98 64 Q138 64 138 100" ${a}/>
    <path d="M72 76 Q86 96 80 106 Q72 116 64 106 Q58 96 72 76 Z" ${fillOrange}/><rect x="56" y="132" width="32" height="14" rx="3" ${fillNavy}/>`,
};

const escapeXml = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The leaf's group and name, by leaf slug. */
const LEAVES = new Map(
  CATEGORY_TREE.flatMap((top) => top.leaves.map((leaf) => [leaf.slug, { group: top.slug, name: leaf.name }] as const)),
);

/** The picture of a leaf category, or undefined for a slug that is not one. */
export function demoImageSvg(leafSlug: string): string | undefined {
  const leaf = LEAVES.get(leafSlug);
  if (!leaf) return undefined;
  const art = PICTOGRAMS[leaf.group] ?? PICTOGRAMS.engine!;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" width="400" height="300" role="img" aria-label="${escapeXml(leaf.name)}">
<rect width="400" height="300" fill="${PANEL}"/>
<circle cx="200" cy="128" r="116" fill="#ffffff"/>
<g transform="translate(104 32) scale(1.2)">${art.replace(/\n\s*/g, '')}</g>
<rect x="0" y="252" width="400" height="48" fill="${NAVY}"/><rect x="0" y="252" width="400" height="5" fill="${ORANGE}"/>
<text x="200" y="285" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif" font-size="21" font-weight="600" letter-spacing="1.5" fill="#ffffff">${escapeXml(leaf.name.toUpperCase())}</text>
</svg>
`;
}
