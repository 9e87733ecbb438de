/**
 * The chain room's short texts for a request that failed before any answer (the JSON-RPC caller throws them; a view
 * shows `errorMessageOf`'s fuller sentence instead). A module of its own: the light read entry carries only these.
 */
export const chainMessages = {
  rpcTimedOut: 'The request timed out.',
  rpcUnreachable: 'The network could not be reached.',
  unexpectedCallAnswer: 'Unexpected eth_call answer',
} as const;
