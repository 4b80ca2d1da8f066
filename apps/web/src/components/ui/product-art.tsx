import { useId } from 'react';
import type { Category } from '@coffee/contract';
import { cn } from '../../lib/cn';

/**
 * The drawn picture of a product without a photo (design.md: such products must not vanish, and
 * pictures share one illustration style, varied by drink or dish). Chosen from the category and
 * words in the name, so "Matcha Latte" is green and "Chicken Wings" are wings.
 */
type ProductArtProps = {
  name: string;
  category: Category;
  className?: string;
  /** Serving style for drinks; defaults from the name ('Iced …' is cold). */
  serve?: 'hot' | 'iced' | 'to-go';
  /** Accessible name; without it the drawing is decorative. */
  label?: string;
};

const backgrounds: ReadonlyArray<readonly [string, string]> = [
  ['#F7E6D2', '#E2BF98'],
  ['#F4EADF', '#D9B48E'],
  ['#FBEBD0', '#EDC386'],
  ['#F1E4DA', '#CFA58A'],
  ['#F6EEDF', '#DCC39A'],
];

function hash(text: string): number {
  let h = 0;
  for (const ch of text) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return h;
}

const has = (name: string, ...words: string[]) => words.some((w) => name.includes(w));

function liquidColour(name: string): string {
  if (has(name, 'matcha', 'green tea', 'pandan')) return '#7FA650';
  if (has(name, 'strawberry', 'red velvet', 'berry', 'pink')) return '#E58AA0';
  if (has(name, 'choco', 'cocoa', 'mocha')) return '#5A3220';
  if (has(name, 'lemon', 'yuzu', 'mango', 'orange')) return '#F2C14E';
  if (has(name, 'taro', 'ube')) return '#A58BC8';
  if (has(name, 'tea', 'chai')) return '#C98B3A';
  if (has(name, 'milk', 'vanilla', 'cream')) return '#F3E6D3';
  if (has(name, 'caramel', 'hazelnut', 'latte', 'cappuccino', 'macchiato')) return '#B9804F';
  return '#7B4A2D';
}

function HotCup({ liquid }: { liquid: string }) {
  return (
    <g>
      <g stroke="#fff" strokeWidth="5" strokeLinecap="round" fill="none" opacity="0.75">
        <path d="M82 78c-8-10 8-16 0-28" />
        <path d="M100 72c-8-10 8-16 0-28" />
        <path d="M118 78c-8-10 8-16 0-28" />
      </g>
      <ellipse cx="100" cy="196" rx="74" ry="16" fill="#000" opacity="0.12" />
      <ellipse cx="100" cy="190" rx="72" ry="15" fill="#FFFDF9" />
      <ellipse cx="100" cy="187" rx="46" ry="7" fill="#EADCCB" />
      <path d="M150 118c30-4 32 40 0 44" stroke="#FFFDF9" strokeWidth="11" fill="none" strokeLinecap="round" />
      <path d="M44 104h112c0 52-22 82-56 82s-56-30-56-82z" fill="#FFFDF9" />
      <path d="M44 104h112c0 8-1 15-2 22H46c-1-7-2-14-2-22z" fill="#000" opacity="0.04" />
      <ellipse cx="100" cy="105" rx="56" ry="12" fill={liquid} />
      <path d="M100 116c-13-7-17-13-13-17 3-3 9-2 13 3 4-5 10-6 13-3 4 4 0 10-13 17z" fill="#FFF6EA" opacity="0.9" />
    </g>
  );
}

function IcedGlass({ liquid }: { liquid: string }) {
  return (
    <g>
      <ellipse cx="100" cy="210" rx="52" ry="9" fill="#000" opacity="0.12" />
      <path d="M120 38l-10 120" stroke="#6A4029" strokeWidth="7" strokeLinecap="round" />
      <path d="M60 66h80l-10 132a10 10 0 0 1-10 9H80a10 10 0 0 1-10-9z" fill="#fff" opacity="0.45" />
      <path d="M63 96h74l-8 101a8 8 0 0 1-8 7H79a8 8 0 0 1-8-7z" fill={liquid} />
      <g fill="#fff" opacity="0.7">
        <rect x="76" y="104" width="20" height="20" rx="4" transform="rotate(-12 86 114)" />
        <rect x="104" y="112" width="18" height="18" rx="4" transform="rotate(14 113 121)" />
        <rect x="88" y="138" width="18" height="18" rx="4" transform="rotate(6 97 147)" />
      </g>
      <path d="M60 66h80" stroke="#fff" strokeWidth="5" strokeLinecap="round" />
      <path d="M68 80l8 110" stroke="#fff" strokeWidth="4" strokeLinecap="round" opacity="0.6" />
    </g>
  );
}

function ToGoCup({ liquid }: { liquid: string }) {
  return (
    <g>
      <ellipse cx="100" cy="210" rx="50" ry="9" fill="#000" opacity="0.12" />
      <path d="M58 72h84l-12 130a8 8 0 0 1-8 7H78a8 8 0 0 1-8-7z" fill="#FFFDF9" />
      <path d="M63 120h74l-4 46H67z" fill={liquid} />
      <path d="M63 120h74l-1 8H64z" fill="#000" opacity="0.12" />
      <rect x="50" y="58" width="100" height="18" rx="9" fill="#4B2C1B" />
      <path d="M68 58l6-16h52l6 16z" fill="#4B2C1B" />
    </g>
  );
}

function Pastry() {
  return (
    <g>
      <ellipse cx="100" cy="188" rx="78" ry="20" fill="#FFFDF9" />
      <ellipse cx="100" cy="184" rx="56" ry="11" fill="#EADCCB" />
      <g stroke="#9C5A22" strokeWidth="3">
        <ellipse cx="52" cy="160" rx="18" ry="12" transform="rotate(-40 52 160)" fill="#E0A04B" />
        <ellipse cx="148" cy="160" rx="18" ry="12" transform="rotate(40 148 160)" fill="#E0A04B" />
        <ellipse cx="72" cy="142" rx="22" ry="17" transform="rotate(-22 72 142)" fill="#E7AE58" />
        <ellipse cx="128" cy="142" rx="22" ry="17" transform="rotate(22 128 142)" fill="#E7AE58" />
        <ellipse cx="100" cy="136" rx="26" ry="21" fill="#EDBA66" />
      </g>
      <path d="M92 128c6-4 12-4 18 0M86 142c8-4 20-4 28 0" stroke="#B36B2B" strokeWidth="3" fill="none" strokeLinecap="round" />
    </g>
  );
}

function Wings() {
  return (
    <g>
      <ellipse cx="100" cy="188" rx="78" ry="20" fill="#FFFDF9" />
      <ellipse cx="100" cy="184" rx="56" ry="11" fill="#EADCCB" />
      <g>
        <path d="M118 146l30-26" stroke="#FFF3DC" strokeWidth="9" strokeLinecap="round" />
        <circle cx="152" cy="116" r="7" fill="#FFF3DC" />
        <circle cx="146" cy="112" r="6" fill="#FFF3DC" />
        <ellipse cx="104" cy="158" rx="32" ry="22" transform="rotate(-30 104 158)" fill="#B5652B" />
        <path d="M82 150c8-8 26-14 40-10" stroke="#8A4518" strokeWidth="3" fill="none" strokeLinecap="round" />
      </g>
      <g>
        <path d="M84 150l-30-24" stroke="#FFF3DC" strokeWidth="9" strokeLinecap="round" />
        <circle cx="50" cy="122" r="7" fill="#FFF3DC" />
        <circle cx="56" cy="118" r="6" fill="#FFF3DC" />
        <ellipse cx="96" cy="164" rx="32" ry="21" transform="rotate(24 96 164)" fill="#C7743A" />
        <path d="M80 160c12-4 24 0 34 8" stroke="#8A4518" strokeWidth="3" fill="none" strokeLinecap="round" />
      </g>
      <circle cx="132" cy="176" r="5" fill="#5E8E3E" />
      <circle cx="70" cy="178" r="4" fill="#5E8E3E" />
    </g>
  );
}

function Bowl({ accent }: { accent: string }) {
  return (
    <g>
      <ellipse cx="100" cy="202" rx="60" ry="10" fill="#000" opacity="0.12" />
      <ellipse cx="100" cy="132" rx="64" ry="16" fill="#F6EBDA" />
      <path d="M62 124c8-22 68-22 76 0" fill="#FFFDF9" />
      <circle cx="84" cy="118" r="9" fill={accent} />
      <circle cx="112" cy="114" r="8" fill="#5E8E3E" />
      <circle cx="100" cy="124" r="7" fill="#E06A4E" />
      <path d="M36 132h128c0 40-28 66-64 66s-64-26-64-66z" fill="#FFFDF9" />
      <path d="M44 150h112" stroke="#6A4029" strokeWidth="4" opacity="0.5" />
    </g>
  );
}

function Cake({ accent }: { accent: string }) {
  return (
    <g>
      <ellipse cx="100" cy="190" rx="78" ry="18" fill="#FFFDF9" />
      <path d="M52 130l90-30v70l-90 10z" fill="#F6DDBE" />
      <path d="M52 130l90-30 8 6-90 32z" fill={accent} />
      <path d="M52 130v50l8-1v-41z" fill="#E5C49C" />
      <path d="M52 150l90-14M52 165l90-12" stroke={accent} strokeWidth="5" />
      <circle cx="112" cy="98" r="9" fill="#D64545" />
      <path d="M112 89c2-6 6-8 10-8" stroke="#5E8E3E" strokeWidth="3" fill="none" />
    </g>
  );
}

function SyrupBottle({ liquid }: { liquid: string }) {
  return (
    <g>
      <ellipse cx="100" cy="208" rx="44" ry="8" fill="#000" opacity="0.12" />
      <rect x="90" y="40" width="20" height="18" rx="3" fill="#4B2C1B" />
      <path d="M92 58h16v22c18 8 24 20 24 36v80a10 10 0 0 1-10 10H78a10 10 0 0 1-10-10v-80c0-16 6-28 24-36z" fill={liquid} opacity="0.95" />
      <rect x="72" y="128" width="56" height="44" rx="6" fill="#FFFDF9" />
      <path d="M84 150h32M88 160h24" stroke="#6A4029" strokeWidth="4" strokeLinecap="round" />
      <path d="M80 96c-4 20-4 60-2 96" stroke="#fff" strokeWidth="4" opacity="0.5" strokeLinecap="round" />
    </g>
  );
}

function Ramekin({ accent }: { accent: string }) {
  return (
    <g>
      <ellipse cx="100" cy="196" rx="64" ry="12" fill="#000" opacity="0.12" />
      <path d="M50 130h100l-8 56a10 10 0 0 1-10 8H68a10 10 0 0 1-10-8z" fill="#FFFDF9" />
      <ellipse cx="100" cy="130" rx="50" ry="12" fill={accent} />
      <path d="M80 124c12-18 28-18 40 0" fill={accent} />
      <path d="M60 150h80M62 164h76" stroke="#EADCCB" strokeWidth="4" />
    </g>
  );
}

export function ProductArt({ name, category, className, serve, label }: ProductArtProps) {
  const id = useId();
  const lower = name.toLowerCase();
  const [light, deep] = backgrounds[hash(lower) % backgrounds.length] ?? ['#F7E6D2', '#E2BF98'];
  const liquid = liquidColour(lower);

  let art;
  if (category === 'foods') {
    if (has(lower, 'wing', 'chicken', 'drumstick')) art = <Wings />;
    else if (has(lower, 'cake', 'tart', 'pie', 'brownie', 'cheesecake')) art = <Cake accent={has(lower, 'choco', 'brownie') ? '#5A3220' : '#F2C6CF'} />;
    else if (has(lower, 'croissant', 'bread', 'toast', 'bun', 'pastry', 'donut', 'waffle', 'sandwich')) art = <Pastry />;
    else art = <Bowl accent="#F2C14E" />;
  } else if (category === 'add-on') {
    if (has(lower, 'syrup', 'sauce', 'honey')) art = <SyrupBottle liquid={liquid === '#7B4A2D' ? '#C9843E' : liquid} />;
    else if (has(lower, 'shot', 'espresso')) art = <HotCup liquid="#5A3220" />;
    else art = <Ramekin accent={has(lower, 'cheese', 'cream', 'milk', 'foam') ? '#FFF1D6' : '#E7AE58'} />;
  } else {
    const style = serve ?? (has(lower, 'ice', 'iced', 'cold', 'frappe', 'smoothie', 'soda', 'float') ? 'iced' : 'hot');
    const drink = category === 'non-coffee' && liquid === '#7B4A2D' ? '#C98B3A' : liquid;
    art = style === 'iced' ? <IcedGlass liquid={drink} /> : style === 'to-go' ? <ToGoCup liquid={drink} /> : <HotCup liquid={drink} />;
  }

  return (
    <svg
      viewBox="0 0 200 240"
      className={cn('block', className)}
      preserveAspectRatio="xMidYMid slice"
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      <defs>
        <radialGradient id={`${id}-bg`} cx="50%" cy="38%" r="75%">
          <stop offset="0%" stopColor={light} />
          <stop offset="100%" stopColor={deep} />
        </radialGradient>
      </defs>
      <rect width="200" height="240" fill={`url(#${id}-bg)`} />
      <g fill="#6A4029" opacity="0.16">
        <ellipse cx="30" cy="40" rx="9" ry="6" transform="rotate(-30 30 40)" />
        <ellipse cx="176" cy="64" rx="8" ry="5" transform="rotate(25 176 64)" />
        <ellipse cx="24" cy="214" rx="8" ry="5" transform="rotate(10 24 214)" />
      </g>
      {art}
    </svg>
  );
}
