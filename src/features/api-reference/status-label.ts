/** The reason phrases of the statuses the catalogue's API answers with. */
const STATUS_TEXT: Record<string, string> = {
  '200': 'OK',
  '204': 'No Content',
  '304': 'Not Modified',
  '400': 'Bad Request',
  '401': 'Unauthorized',
  '403': 'Forbidden',
  '404': 'Not Found',
  '405': 'Method Not Allowed',
  '412': 'Precondition Failed',
  '429': 'Too Many Requests',
  '500': 'Internal Server Error',
  '503': 'Service Unavailable',
}

/** "404 Not Found": a status with its reason phrase, as the API page shows it. */
export const statusLabel = (status: string) => `${status} ${STATUS_TEXT[status] ?? ''}`.trim()
