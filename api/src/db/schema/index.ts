// The tables by area. Each area file imports only the ones it references (never this index), so this file only
// re-exports and no import runs in a circle.
export * from './accounts';
export * from './foundation';
export * from './jobs';
export * from './privacy';
export * from './programme';
