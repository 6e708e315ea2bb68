/** A site's icon, or ours when the site has none we can load. */
export function Favicon({ src, className = "h-4 w-4" }: { src: string | null; className?: string }) {
  return (
    <img
      src={src ?? "/favicon.svg"}
      alt=""
      className={className}
      loading="lazy"
      onError={(event) => {
        if (!event.currentTarget.src.endsWith("/favicon.svg")) event.currentTarget.src = "/favicon.svg";
      }}
    />
  );
}
