/** The modal's views, by the name `open({ view })` and the router use: the keys of the views' declaration. */
export type { ViewName } from '../views/views.js';
