import { Suspense, lazy, useState, type ComponentType } from "react";

/**
 * A dialog whose code loads the first time it opens, not with the page (decision 058): `load`
 * is a dynamic import of the dialog's module. The component renders nothing until its `open`
 * prop is first true, then stays mounted, so it closes as it always did (focus back on the
 * control that opened it) and opens at once the next time.
 */
export function lazyDialog<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  // lazy() types its component's props through refs; the dialog takes exactly P.
  const Dialog = lazy(async () => ({ default: await load() })) as unknown as ComponentType<P>;
  function LazyDialog(props: P) {
    const [opened, setOpened] = useState(props.open);
    // Set while rendering, so the dialog's first render already has open = true.
    if (props.open && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  }
  return LazyDialog;
}
