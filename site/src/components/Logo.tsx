/** The Minibot logo mark and word mark, drawn for the project. */
export function Logo() {
  return (
    <span className="logo">
      <svg className="logo__mark" viewBox="0 0 40 40" width="36" height="36" aria-hidden="true" focusable="false">
        <rect x="4" y="8" width="32" height="26" rx="11" fill="#f3ba2f" />
        <rect x="9" y="13" width="22" height="15" rx="7" fill="#0b1020" />
        <circle cx="15.5" cy="20.5" r="2.6" fill="#5eead4" />
        <circle cx="24.5" cy="20.5" r="2.6" fill="#5eead4" />
        <rect x="18.5" y="2" width="3" height="6" rx="1.5" fill="#f3ba2f" />
        <circle cx="20" cy="2.8" r="2.4" fill="#5eead4" />
      </svg>
      <span className="logo__word">minibot</span>
    </span>
  );
}
