import { lazyDialog } from "../lazy-dialog";

/** The `?` dialog (keys-help.tsx), its code loaded the first time it opens. */
export const KeysDialog = lazyDialog(() => import("./keys-help").then((module) => module.KeysHelp));
