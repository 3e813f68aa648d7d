// Invoices: registering sales (by form or NF-e), the admins' queue and its decisions, which move points.
// What other modules, the app and the demo may use; everything else in this folder is the module's own.
export { type AutomaticReviewRun, runAutomaticReview } from './automatic-review.service';
export { nfeReadingRoutes } from './nfe-reading.routes';
export { invoiceFilters, invoiceSortable } from './queries';
export { invoiceRoutes } from './routes';
export { approveInvoices, changeInvoiceStatus } from './status.service';
export { invoiceTimelineRoutes } from './timeline.routes';
