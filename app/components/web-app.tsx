import { useEffect } from "react";
import { THEME_COLORS } from "~/lib/web-app";
import { whenIdle } from "~/lib/when-idle";

/** The <head> tags that make the site installable: manifest, iOS home-screen icon and title, bar colours. */
export function WebAppHead() {
  return (
    <>
      <link rel="manifest" href="/manifest.webmanifest" />
      <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
      <meta name="theme-color" media="(prefers-color-scheme: light)" content={THEME_COLORS.light} />
      <meta name="theme-color" media="(prefers-color-scheme: dark)" content={THEME_COLORS.dark} />
      <meta name="mobile-web-app-capable" content="yes" />
      <meta name="apple-mobile-web-app-capable" content="yes" />
      <meta name="apple-mobile-web-app-title" content="Linkwise" />
      <meta name="apple-mobile-web-app-status-bar-style" content="default" />
    </>
  );
}

declare global {
  interface Window {
    __remixManifest?: { version?: string };
  }
}

/** Registers /sw.js once the page has loaded and is idle, versioned by the build so each deploy installs its own. */
export function ServiceWorkerRegistration() {
  useEffect(() => {
    if (process.env.NODE_ENV === "development" || !("serviceWorker" in navigator)) return;
    return whenIdle(() => {
      const version = window.__remixManifest?.version ?? "dev";
      navigator.serviceWorker.register(`/sw.js?v=${encodeURIComponent(version)}`, { scope: "/" }).catch(() => undefined);
    });
  }, []);
  return null;
}
