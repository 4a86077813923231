/** The reports feature's public entry: the Report button and the moderators' queue. */
export { ReportButton } from './components/report-button';
export { useDecideReports, useReportQueue } from './api/reports';
