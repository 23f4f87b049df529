import '@tanstack/react-query';

declare module '@tanstack/react-query' {
  interface Register {
    /** `silent`: the caller handles the error itself (inline form errors, permission probes): no toast. */
    mutationMeta: { silent?: boolean };
    queryMeta: { silent?: boolean };
  }
}
