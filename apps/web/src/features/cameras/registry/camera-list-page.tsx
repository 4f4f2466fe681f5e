import ModuleUnavailablePage from '../../../shared/ui/module-unavailable-page.tsx';

/** Being built (issue 19). */
export function CameraListPage() {
  return <ModuleUnavailablePage />;
}
