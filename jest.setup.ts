import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';
import { configure } from '@testing-library/react';
import { registerOwnTexts as registerAuthTexts } from './mf-auth/src/i18n';
import { registerOwnTexts as registerCmsTexts } from './mf-cms/src/i18n';
import { registerOwnTexts as registerParticipantTexts } from './mf-participant/src/i18n';

// A screen test types and clicks through Chakra's dialogs in jsdom: on a busy 2-core machine one can pass 5 s (jest's
// default) without anything being wrong. Files that need longer still set their own.
jest.setTimeout(15_000);
// findBy… and waitFor give up after 1 s by default: a fake API answers at once, but on a busy machine the render
// after it can take longer. A screen that never shows the text still fails, after 5 s.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks the encoders that react-router uses.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// jsdom has no ResizeObserver or matchMedia; Chakra's menus and dialogs need both.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// jsdom has no PointerEvent; Chakra's switch (zag) builds one when focus leaves it.
if (typeof window !== 'undefined' && !window.PointerEvent) {
  class PointerEventStub extends MouseEvent {
    readonly pointerId: number;
    readonly pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
      this.pointerType = init.pointerType ?? 'mouse';
    }
  }
  window.PointerEvent = PointerEventStub as unknown as typeof PointerEvent;
}

// A module adds its own texts when its lifecycles load; the tests render its screens without them, so add them here.
registerAuthTexts();
registerParticipantTexts();
registerCmsTexts();
