interface ImportMetaEnv {
  /** A name for the build (src/admin/main.tsx puts it on `<html data-build>`); unset by default. */
  readonly VITE_PITLANE_BUILD?: string;
}
