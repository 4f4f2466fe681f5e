// Arco mounts Message, Modal and Notification through the createRoot this registers (React 19).
import '@arco-design/web-react/lib/_util/react-19-adapter';
// The request layer loads Arco's Modal on demand from es/ (to keep it off the first load): that copy
// needs the es adapter too.
import '@arco-design/web-react/es/_util/react-19-adapter';
import { Message, Modal, Notification } from '@arco-design/web-react';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

// findBy… and waitFor wait 1 s by default: lazy Arco chunks and a busy two-core machine (CI runs
// the server tests beside these) sometimes take longer, and a wait that ends early fails for nothing.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no matchMedia; Arco's responsive grid asks it for breakpoints.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// jsdom lays nothing out, and has no getBBox: the ResizeObserver polyfill Arco uses measures an SVG
// child (an icon in a tooltip's trigger) with it, and threw an uncaught TypeError after the test.
if (typeof SVGElement !== 'undefined' && !('getBBox' in SVGElement.prototype)) {
  Object.defineProperty(SVGElement.prototype, 'getBBox', {
    configurable: true,
    value: () => ({ x: 0, y: 0, width: 0, height: 0 }),
  });
}

// Arco's DatePicker sets its state 100 ms after it mounts or closes (picker.js): a file whose last
// test showed one could end inside those 100 ms, and the timer then fired on a torn-down jsdom
// ("window is not defined", an uncaught error that fails the run). Such a file waits them out.
let showedDatePicker = false;

afterEach(() => {
  if (document.querySelector('.arco-picker')) showedDatePicker = true;
  cleanup();
  localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

// Arco's Message, Notification and Modal.confirm live in roots of their own, outside what cleanup()
// unmounts: a toast still up when a file ends closes on its own timer after jsdom is gone, and its
// transition then fails with "window is not defined". Close them while the document exists.
afterAll(async () => {
  if (showedDatePicker) await new Promise((resolve) => setTimeout(resolve, 150));
  if (!document.querySelector('.arco-message-wrapper, .arco-notification-wrapper, .arco-modal-wrapper')) return;
  Message.clear();
  Notification.clear();
  Modal.destroyAll();
  await new Promise((resolve) => setTimeout(resolve, 400));
});
