import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';
import { registerOwnTexts as registerAuthTexts } from './mf-auth/src/i18n';
import { registerOwnTexts as registerCmsTexts } from './mf-cms/src/i18n';
import { registerOwnTexts as registerParticipantTexts } from './mf-participant/src/i18n';

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
