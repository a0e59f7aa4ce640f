export * from './state';
export { reduce, MAX_STACK, type Report } from './reduce';
export * from './selectors';
export * from './list-ops';
export { capMessage, MAX_PAGES, pathOf, type Cuts } from './caps';
export { replayLines, type ReplayResult, type LineNote } from "./replay";
