/** What an endpoint's signing secret is sealed under (`SecretCipher`): it opens for that endpoint's row only. */
export function endpointSecretContext(endpointId: string): string {
  return `webhook_endpoints:${endpointId}:secret`;
}
