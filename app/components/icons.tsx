import { cx } from "./ui";

/**
 * Inline SVG icons drawn with the text's colour, so they follow the theme and need no emoji font
 * (an emoji lock was an empty box where none is installed). Decorative by default (aria-hidden); given a
 * label, an icon is an image with that name, for where it carries meaning the text does not.
 */
type IconProps = { className?: string; label?: string };

function svgProps({ className, label }: IconProps) {
  return {
    viewBox: "0 0 24 24",
    fill: "none",
    stroke: "currentColor",
    strokeWidth: 2,
    strokeLinecap: "round" as const,
    strokeLinejoin: "round" as const,
    className: cx("h-4 w-4 shrink-0", className),
    ...(label ? { role: "img", "aria-label": label } : { "aria-hidden": true }),
    focusable: "false" as const,
  };
}

export function LockIcon(props: IconProps) {
  return (
    <svg {...svgProps(props)}>
      <rect x="4" y="11" width="16" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
  );
}

export function TrashIcon(props: IconProps) {
  return (
    <svg {...svgProps(props)}>
      <path d="M4 7h16" />
      <path d="M10 11v6M14 11v6" />
      <path d="M6 7l1 13a1 1 0 0 0 1 1h8a1 1 0 0 0 1-1l1-13" />
      <path d="M9 7V4h6v3" />
    </svg>
  );
}

/** An arrow out of a box: a link that opens in a new tab. */
export function ExternalLinkIcon(props: IconProps) {
  return (
    <svg {...svgProps(props)}>
      <path d="M14 4h6v6" />
      <path d="M20 4l-9 9" />
      <path d="M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
    </svg>
  );
}
