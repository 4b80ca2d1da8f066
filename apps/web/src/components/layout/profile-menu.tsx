import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';

type ProfileMenuProps = { name: string | null; onLogout: () => void };

/** The signed-in profile dropdown: My Profile and Logout (spec section 2). A disclosure, closed by Escape or a click outside. */
export function ProfileMenu({ name, onLogout }: ProfileMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label="Profile menu"
        onClick={() => setOpen((value) => !value)}
        className="grid size-11 place-items-center rounded-full ring-2 ring-crema ring-offset-2 hover:ring-espresso"
      >
        <AvatarIcon />
      </button>
      {open && (
        <div id={menuId} className="absolute top-full right-0 mt-3 w-56 rounded-2xl bg-white p-2 shadow-card ring-1 ring-line">
          {name && <p className="truncate px-3 pt-2 pb-3 text-sm text-muted">{name}</p>}
          <ul>
            <li>
              <Link
                to={paths.user.getHref()}
                onClick={() => setOpen(false)}
                className="block rounded-xl px-3 py-2.5 font-display text-ink hover:bg-page"
              >
                My Profile
              </Link>
            </li>
            <li>
              <button
                type="button"
                onClick={() => {
                  setOpen(false);
                  onLogout();
                }}
                className="block w-full rounded-xl px-3 py-2.5 text-left font-display text-espresso hover:bg-page"
              >
                Logout
              </button>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}

export function AvatarIcon({ className = 'size-10' }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 40" aria-hidden="true" className={className}>
      <circle cx="20" cy="20" r="20" fill="#FFF3D9" />
      <circle cx="20" cy="16" r="7" fill="#6A4029" />
      <path d="M7 34c2-7 7-10 13-10s11 3 13 10a19 19 0 0 1-26 0z" fill="#6A4029" />
    </svg>
  );
}
