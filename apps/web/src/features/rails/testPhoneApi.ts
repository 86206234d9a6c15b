import { api } from '../../data/api';

/** Duka's TEST MODE phone page (issue 25): the prompt, and the customer's answer to it. Apart from the pay page's rail calls. */
export const testPhone = (reference: string) => api('GET /test-phone/:reference', { params: { reference } });
export const answerTestPhone = (reference: string, action: 'approve' | 'decline' | 'timeout') =>
  api('POST /test-phone/:reference/:action', { params: { reference, action } });
