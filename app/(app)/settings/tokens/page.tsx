import type { Metadata } from "next";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { formatDateTime } from "@/components/ui/format-date";
import { formatCountOf } from "@/components/ui/format-number";
import { PageHeader } from "@/components/ui/page-header";
import { Table, TBody, Td, THead, Th, Tr } from "@/components/ui/table";
import { requirePageUser } from "@/lib/auth/session";
import { listApiTokens } from "@/lib/db/api-tokens";
import { db } from "@/lib/db/client";
import { createTokenAction, revokeTokenAction } from "./actions";
import { CreateTokenForm } from "./create-token-form";
import { RevokeTokenButton } from "./revoke-token-button";

export const metadata: Metadata = { title: "API tokens" };

export default async function ApiTokensPage() {
  const user = await requirePageUser();
  const tokens = await listApiTokens(db(), { userId: user.id });
  const active = tokens.filter((token) => !token.revokedAt).length;
  return (
    <>
      <PageHeader
        title="API tokens"
        description={
          <>
            Personal tokens for the REST API (
            <a className="underline" href="/api-docs">
              reference
            </a>
            ): each acts with your role ({user.role}). Only a hash is stored.
          </>
        }
      />
      <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Card>
          <CardHeader title="Your tokens" description={formatCountOf(active, "active token")} />
          {tokens.length === 0 ? (
            <CardBody>
              <p className="text-sm text-zinc-500" data-testid="no-tokens">
                No tokens yet. Create one on the right to call the API from CI or a notebook.
              </p>
            </CardBody>
          ) : (
            <Table data-testid="tokens-table">
              <THead>
                <tr>
                  <Th>Name</Th>
                  <Th>Token</Th>
                  <Th>Created</Th>
                  <Th>Last used</Th>
                  <Th>
                    <span className="sr-only">Revoke</span>
                  </Th>
                </tr>
              </THead>
              <TBody>
                {tokens.map((token) => (
                  <Tr key={token.id} data-testid="token-row" data-name={token.name}>
                    <Td className="font-medium text-zinc-900">{token.name}</Td>
                    <Td className="font-mono text-xs text-zinc-600">{token.prefix}…</Td>
                    <Td className="whitespace-nowrap text-xs text-zinc-500">
                      {formatDateTime(token.createdAt)}
                    </Td>
                    <Td className="whitespace-nowrap text-xs text-zinc-500" data-testid="token-last-used">
                      {token.lastUsedAt ? formatDateTime(token.lastUsedAt) : "never"}
                    </Td>
                    <Td className="text-right">
                      {token.revokedAt ? (
                        <Badge
                          tone="neutral"
                          title={`Revoked ${formatDateTime(token.revokedAt)}`}
                          data-testid="token-revoked"
                        >
                          revoked
                        </Badge>
                      ) : (
                        <RevokeTokenButton
                          action={revokeTokenAction.bind(null, token.id)}
                          name={token.name}
                        />
                      )}
                    </Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
          )}
        </Card>
        <Card>
          <CardHeader title="New token" description="Shown once, right after you create it." />
          <CardBody>
            <CreateTokenForm action={createTokenAction} />
          </CardBody>
        </Card>
      </div>
    </>
  );
}
