export * from './state';
export { reduce, type Report } from './reduce';
export * from './selectors';
export * from './list-ops';
export { capMessage, MAX_PAGES, MAX_STACK, pathOf, type Cuts } from './caps';
export { replayLines, type ReplayResult, type LineNote } from "./replay";
export * from './focus';
export * from './replay-race';
