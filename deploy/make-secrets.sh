#!/bin/sh
# Generates, once, what every API replica must share (docs/scaling.md "Secrets"):
#   deploy/.env                          JWT_SECRET=… (session tokens signed by one replica are read by all;
#                                        docker compose reads this file beside docker-compose.yml)
#   deploy/secrets/registry-token-key.pem REGISTRY_TOKEN_KEY_FILE (EC P-256, signs registry tokens)
#   deploy/secrets/registry-token-cert.pem its certificate, the registry's rootcertbundle
# Existing files are kept: regenerating would sign everybody out and break the registry's trust.
set -eu
here="$(dirname "$0")"
dir="$here/secrets"
mkdir -p "$dir"
umask 077
if ! grep -qs '^JWT_SECRET=' "$here/.env"; then
  echo "JWT_SECRET=$(openssl rand -hex 32)" >> "$here/.env"
fi
if [ ! -s "$dir/registry-token-key.pem" ]; then
  openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$dir/registry-token-key.pem"
fi
if [ ! -s "$dir/registry-token-cert.pem" ]; then
  # The registry only needs the public key (it looks the signer up by its libtrust key id);
  # any self-signed certificate of that key will do.
  openssl req -new -x509 -key "$dir/registry-token-key.pem" -out "$dir/registry-token-cert.pem" \
    -days 3650 -subj "/CN=Flotilla registry token signer"
fi
# Readable by the containers' unprivileged users (the API runs as `node`, uid 1000).
chmod 644 "$dir/registry-token-key.pem" "$dir/registry-token-cert.pem"
echo "Secrets in $here/.env and $dir (keep them out of version control)."
