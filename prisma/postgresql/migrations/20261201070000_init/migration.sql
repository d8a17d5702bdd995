-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "user" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "emailVerified" BOOLEAN NOT NULL DEFAULT false,
    "image" TEXT,
    "role" TEXT NOT NULL DEFAULT 'annotator',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "deactivatedAt" TIMESTAMP(3),

    CONSTRAINT "user_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "session" (
    "id" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "token" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "ipAddress" TEXT,
    "userAgent" TEXT,
    "userId" TEXT NOT NULL,

    CONSTRAINT "session_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "account" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "providerId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "accessToken" TEXT,
    "refreshToken" TEXT,
    "idToken" TEXT,
    "accessTokenExpiresAt" TIMESTAMP(3),
    "refreshTokenExpiresAt" TIMESTAMP(3),
    "scope" TEXT,
    "password" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "account_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "verification" (
    "id" TEXT NOT NULL,
    "identifier" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "verification_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Corpus" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Corpus_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Document" (
    "id" TEXT NOT NULL,
    "corpusId" TEXT NOT NULL,
    "externalId" TEXT NOT NULL,
    "title" TEXT NOT NULL DEFAULT '',
    "metadata" JSON,
    "version" INTEGER NOT NULL DEFAULT 1,
    "contentHash" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Document_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DocumentVersion" (
    "id" TEXT NOT NULL,
    "documentId" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "title" TEXT NOT NULL DEFAULT '',
    "text" TEXT NOT NULL,
    "contentHash" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DocumentVersion_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "QueryLog" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "fileName" TEXT NOT NULL DEFAULT '',
    "format" TEXT NOT NULL DEFAULT 'text',
    "lineCount" INTEGER NOT NULL DEFAULT 0,
    "importedCount" INTEGER NOT NULL DEFAULT 0,
    "skippedCount" INTEGER NOT NULL DEFAULT 0,
    "fallbackDecoded" INTEGER NOT NULL DEFAULT 0,
    "malformedCount" INTEGER NOT NULL DEFAULT 0,
    "contentHash" TEXT NOT NULL DEFAULT '',
    "options" JSON,
    "problems" JSON,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "QueryLog_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LogQuery" (
    "id" TEXT NOT NULL,
    "normalized" TEXT NOT NULL,
    "display" TEXT NOT NULL,
    "variants" JSON NOT NULL,
    "frequency" INTEGER NOT NULL DEFAULT 0,
    "firstSeen" TIMESTAMP(3),
    "lastSeen" TIMESTAMP(3),
    "classes" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LogQuery_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LogQuerySource" (
    "logQueryId" TEXT NOT NULL,
    "queryLogId" TEXT NOT NULL,
    "count" INTEGER NOT NULL,
    "firstLine" INTEGER NOT NULL,

    CONSTRAINT "LogQuerySource_pkey" PRIMARY KEY ("logQueryId","queryLogId")
);

-- CreateTable
CREATE TABLE "GoldenSet" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "corpusId" TEXT NOT NULL,
    "gradeScale" JSON NOT NULL,
    "relevantThreshold" INTEGER NOT NULL DEFAULT 1,
    "baselineRunId" TEXT,
    "judgmentPolicy" TEXT NOT NULL DEFAULT 'any',
    "poolDepth" INTEGER NOT NULL DEFAULT 10,
    "poolRunIds" JSON NOT NULL DEFAULT '[]',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "GoldenSet_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GoldenSetVersion" (
    "id" TEXT NOT NULL,
    "goldenSetId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "contentHash" TEXT NOT NULL,
    "snapshot" JSON NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GoldenSetVersion_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Query" (
    "id" TEXT NOT NULL,
    "goldenSetId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "informationNeed" TEXT NOT NULL DEFAULT '',
    "tags" JSON NOT NULL,
    "notes" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'unlabeled',
    "source" TEXT,
    "logQueryId" TEXT,
    "position" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "lockedById" TEXT,
    "lockedUntil" TIMESTAMP(3),

    CONSTRAINT "Query_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Label" (
    "id" TEXT NOT NULL,
    "queryId" TEXT NOT NULL,
    "documentId" TEXT NOT NULL,
    "documentVersion" INTEGER NOT NULL,
    "kind" TEXT NOT NULL DEFAULT 'quote',
    "exact" TEXT,
    "prefix" TEXT,
    "suffix" TEXT,
    "start" INTEGER,
    "end" INTEGER,
    "grade" INTEGER NOT NULL,
    "spanKey" TEXT NOT NULL,
    "annotatorId" TEXT,
    "judgmentImportId" TEXT,
    "adjudicated" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Label_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LabelEvent" (
    "id" TEXT NOT NULL,
    "labelId" TEXT NOT NULL,
    "queryId" TEXT NOT NULL,
    "goldenSetId" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "actorId" TEXT,
    "actorEmail" TEXT NOT NULL DEFAULT '',
    "before" JSON,
    "after" JSON,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LabelEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "JudgmentImport" (
    "id" TEXT NOT NULL,
    "goldenSetId" TEXT NOT NULL,
    "format" TEXT NOT NULL,
    "fileName" TEXT NOT NULL,
    "importedById" TEXT,
    "queries" INTEGER NOT NULL DEFAULT 0,
    "labels" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "JudgmentImport_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ApiToken" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "ApiToken_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "QueryAssignment" (
    "id" TEXT NOT NULL,
    "queryId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "assignedById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "QueryAssignment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "QueryProgress" (
    "id" TEXT NOT NULL,
    "queryId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "reason" TEXT NOT NULL DEFAULT '',
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "QueryProgress_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RetrievalConfig" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "params" JSON NOT NULL,
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RetrievalConfig_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Run" (
    "id" TEXT NOT NULL,
    "goldenSetId" TEXT NOT NULL,
    "goldenSetVersionId" TEXT NOT NULL,
    "configId" TEXT NOT NULL,
    "jobId" TEXT,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "coverage" DOUBLE PRECISION NOT NULL DEFAULT 1,
    "mode" TEXT NOT NULL DEFAULT 'label',
    "metrics" JSON,
    "resolution" JSON,
    "error" TEXT,
    "durationMs" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),
    "sweepId" TEXT,
    "sweepPoint" JSON,
    "tags" JSON NOT NULL DEFAULT '[]',
    "archivedAt" TIMESTAMP(3),

    CONSTRAINT "Run_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Sweep" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "goldenSetId" TEXT NOT NULL,
    "baseConfig" JSON NOT NULL,
    "axes" JSON NOT NULL,
    "jobId" TEXT,
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Sweep_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EmbeddingCacheEntry" (
    "provider" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "textHash" TEXT NOT NULL,
    "vector" BYTEA NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EmbeddingCacheEntry_pkey" PRIMARY KEY ("provider","model","textHash")
);

-- CreateTable
CREATE TABLE "RunResult" (
    "id" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "queryId" TEXT NOT NULL,
    "rank" INTEGER NOT NULL,
    "documentId" TEXT NOT NULL,
    "start" INTEGER NOT NULL,
    "end" INTEGER NOT NULL,
    "chunkHash" TEXT NOT NULL,
    "score" DOUBLE PRECISION NOT NULL,

    CONSTRAINT "RunResult_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RunQueryMetric" (
    "runId" TEXT NOT NULL,
    "queryId" TEXT NOT NULL,
    "metrics" JSON NOT NULL,
    "relevant" INTEGER NOT NULL,
    "excluded" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "RunQueryMetric_pkey" PRIMARY KEY ("runId","queryId")
);

-- CreateTable
CREATE TABLE "Job" (
    "id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "progress" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "message" TEXT NOT NULL DEFAULT '',
    "payload" JSON NOT NULL,
    "result" JSON,
    "error" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "startedAt" TIMESTAMP(3),
    "heartbeatAt" TIMESTAMP(3),
    "leaseOwner" TEXT,
    "leaseExpiresAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "Job_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SignInThrottle" (
    "key" TEXT NOT NULL,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "windowStartedAt" TIMESTAMP(3) NOT NULL,
    "lockedUntil" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SignInThrottle_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "AuditEvent" (
    "id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "actorId" TEXT,
    "detail" JSON,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AuditEvent_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "user_email_key" ON "user"("email");

-- CreateIndex
CREATE UNIQUE INDEX "session_token_key" ON "session"("token");

-- CreateIndex
CREATE INDEX "session_userId_idx" ON "session"("userId");

-- CreateIndex
CREATE INDEX "account_userId_idx" ON "account"("userId");

-- CreateIndex
CREATE INDEX "verification_identifier_idx" ON "verification"("identifier");

-- CreateIndex
CREATE UNIQUE INDEX "Corpus_name_key" ON "Corpus"("name");

-- CreateIndex
CREATE INDEX "Document_corpusId_title_idx" ON "Document"("corpusId", "title");

-- CreateIndex
CREATE UNIQUE INDEX "Document_corpusId_externalId_key" ON "Document"("corpusId", "externalId");

-- CreateIndex
CREATE UNIQUE INDEX "DocumentVersion_documentId_version_key" ON "DocumentVersion"("documentId", "version");

-- CreateIndex
CREATE INDEX "QueryLog_contentHash_idx" ON "QueryLog"("contentHash");

-- CreateIndex
CREATE UNIQUE INDEX "LogQuery_normalized_key" ON "LogQuery"("normalized");

-- CreateIndex
CREATE INDEX "LogQuery_frequency_idx" ON "LogQuery"("frequency");

-- CreateIndex
CREATE INDEX "LogQuerySource_queryLogId_count_idx" ON "LogQuerySource"("queryLogId", "count");

-- CreateIndex
CREATE UNIQUE INDEX "GoldenSet_name_key" ON "GoldenSet"("name");

-- CreateIndex
CREATE UNIQUE INDEX "GoldenSet_baselineRunId_key" ON "GoldenSet"("baselineRunId");

-- CreateIndex
CREATE INDEX "GoldenSetVersion_goldenSetId_contentHash_idx" ON "GoldenSetVersion"("goldenSetId", "contentHash");

-- CreateIndex
CREATE UNIQUE INDEX "GoldenSetVersion_goldenSetId_number_key" ON "GoldenSetVersion"("goldenSetId", "number");

-- CreateIndex
CREATE INDEX "Query_goldenSetId_status_idx" ON "Query"("goldenSetId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "Query_goldenSetId_key_key" ON "Query"("goldenSetId", "key");

-- CreateIndex
CREATE UNIQUE INDEX "Query_goldenSetId_text_key" ON "Query"("goldenSetId", "text");

-- CreateIndex
CREATE INDEX "Label_queryId_idx" ON "Label"("queryId");

-- CreateIndex
CREATE INDEX "Label_documentId_idx" ON "Label"("documentId");

-- CreateIndex
CREATE INDEX "Label_annotatorId_idx" ON "Label"("annotatorId");

-- CreateIndex
CREATE UNIQUE INDEX "Label_queryId_documentId_spanKey_annotatorId_adjudicated_key" ON "Label"("queryId", "documentId", "spanKey", "annotatorId", "adjudicated");

-- CreateIndex
CREATE INDEX "LabelEvent_labelId_createdAt_idx" ON "LabelEvent"("labelId", "createdAt");

-- CreateIndex
CREATE INDEX "LabelEvent_goldenSetId_createdAt_idx" ON "LabelEvent"("goldenSetId", "createdAt");

-- CreateIndex
CREATE INDEX "JudgmentImport_goldenSetId_idx" ON "JudgmentImport"("goldenSetId");

-- CreateIndex
CREATE UNIQUE INDEX "ApiToken_hash_key" ON "ApiToken"("hash");

-- CreateIndex
CREATE INDEX "ApiToken_userId_idx" ON "ApiToken"("userId");

-- CreateIndex
CREATE INDEX "QueryAssignment_userId_idx" ON "QueryAssignment"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "QueryAssignment_queryId_userId_key" ON "QueryAssignment"("queryId", "userId");

-- CreateIndex
CREATE INDEX "QueryProgress_userId_idx" ON "QueryProgress"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "QueryProgress_queryId_userId_key" ON "QueryProgress"("queryId", "userId");

-- CreateIndex
CREATE UNIQUE INDEX "RetrievalConfig_name_version_key" ON "RetrievalConfig"("name", "version");

-- CreateIndex
CREATE UNIQUE INDEX "Run_jobId_key" ON "Run"("jobId");

-- CreateIndex
CREATE INDEX "Run_goldenSetId_createdAt_idx" ON "Run"("goldenSetId", "createdAt");

-- CreateIndex
CREATE INDEX "Run_sweepId_idx" ON "Run"("sweepId");

-- CreateIndex
CREATE UNIQUE INDEX "Sweep_jobId_key" ON "Sweep"("jobId");

-- CreateIndex
CREATE INDEX "Sweep_goldenSetId_createdAt_idx" ON "Sweep"("goldenSetId", "createdAt");

-- CreateIndex
CREATE INDEX "RunResult_runId_queryId_rank_idx" ON "RunResult"("runId", "queryId", "rank");

-- CreateIndex
CREATE INDEX "Job_status_createdAt_idx" ON "Job"("status", "createdAt");

-- CreateIndex
CREATE INDEX "Job_status_leaseExpiresAt_idx" ON "Job"("status", "leaseExpiresAt");

-- CreateIndex
CREATE INDEX "AuditEvent_kind_createdAt_idx" ON "AuditEvent"("kind", "createdAt");

-- AddForeignKey
ALTER TABLE "session" ADD CONSTRAINT "session_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "account" ADD CONSTRAINT "account_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Document" ADD CONSTRAINT "Document_corpusId_fkey" FOREIGN KEY ("corpusId") REFERENCES "Corpus"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DocumentVersion" ADD CONSTRAINT "DocumentVersion_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "Document"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LogQuerySource" ADD CONSTRAINT "LogQuerySource_logQueryId_fkey" FOREIGN KEY ("logQueryId") REFERENCES "LogQuery"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LogQuerySource" ADD CONSTRAINT "LogQuerySource_queryLogId_fkey" FOREIGN KEY ("queryLogId") REFERENCES "QueryLog"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GoldenSet" ADD CONSTRAINT "GoldenSet_corpusId_fkey" FOREIGN KEY ("corpusId") REFERENCES "Corpus"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GoldenSet" ADD CONSTRAINT "GoldenSet_baselineRunId_fkey" FOREIGN KEY ("baselineRunId") REFERENCES "Run"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GoldenSetVersion" ADD CONSTRAINT "GoldenSetVersion_goldenSetId_fkey" FOREIGN KEY ("goldenSetId") REFERENCES "GoldenSet"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Query" ADD CONSTRAINT "Query_goldenSetId_fkey" FOREIGN KEY ("goldenSetId") REFERENCES "GoldenSet"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Query" ADD CONSTRAINT "Query_logQueryId_fkey" FOREIGN KEY ("logQueryId") REFERENCES "LogQuery"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Query" ADD CONSTRAINT "Query_lockedById_fkey" FOREIGN KEY ("lockedById") REFERENCES "user"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Label" ADD CONSTRAINT "Label_queryId_fkey" FOREIGN KEY ("queryId") REFERENCES "Query"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Label" ADD CONSTRAINT "Label_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "Document"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Label" ADD CONSTRAINT "Label_annotatorId_fkey" FOREIGN KEY ("annotatorId") REFERENCES "user"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Label" ADD CONSTRAINT "Label_judgmentImportId_fkey" FOREIGN KEY ("judgmentImportId") REFERENCES "JudgmentImport"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LabelEvent" ADD CONSTRAINT "LabelEvent_actorId_fkey" FOREIGN KEY ("actorId") REFERENCES "user"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "JudgmentImport" ADD CONSTRAINT "JudgmentImport_goldenSetId_fkey" FOREIGN KEY ("goldenSetId") REFERENCES "GoldenSet"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiToken" ADD CONSTRAINT "ApiToken_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QueryAssignment" ADD CONSTRAINT "QueryAssignment_queryId_fkey" FOREIGN KEY ("queryId") REFERENCES "Query"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QueryAssignment" ADD CONSTRAINT "QueryAssignment_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QueryProgress" ADD CONSTRAINT "QueryProgress_queryId_fkey" FOREIGN KEY ("queryId") REFERENCES "Query"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QueryProgress" ADD CONSTRAINT "QueryProgress_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RetrievalConfig" ADD CONSTRAINT "RetrievalConfig_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "user"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Run" ADD CONSTRAINT "Run_goldenSetId_fkey" FOREIGN KEY ("goldenSetId") REFERENCES "GoldenSet"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Run" ADD CONSTRAINT "Run_goldenSetVersionId_fkey" FOREIGN KEY ("goldenSetVersionId") REFERENCES "GoldenSetVersion"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Run" ADD CONSTRAINT "Run_configId_fkey" FOREIGN KEY ("configId") REFERENCES "RetrievalConfig"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Run" ADD CONSTRAINT "Run_jobId_fkey" FOREIGN KEY ("jobId") REFERENCES "Job"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Run" ADD CONSTRAINT "Run_sweepId_fkey" FOREIGN KEY ("sweepId") REFERENCES "Sweep"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Sweep" ADD CONSTRAINT "Sweep_goldenSetId_fkey" FOREIGN KEY ("goldenSetId") REFERENCES "GoldenSet"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Sweep" ADD CONSTRAINT "Sweep_jobId_fkey" FOREIGN KEY ("jobId") REFERENCES "Job"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Sweep" ADD CONSTRAINT "Sweep_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "user"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RunResult" ADD CONSTRAINT "RunResult_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RunResult" ADD CONSTRAINT "RunResult_queryId_fkey" FOREIGN KEY ("queryId") REFERENCES "Query"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RunQueryMetric" ADD CONSTRAINT "RunQueryMetric_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RunQueryMetric" ADD CONSTRAINT "RunQueryMetric_queryId_fkey" FOREIGN KEY ("queryId") REFERENCES "Query"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Job" ADD CONSTRAINT "Job_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "user"("id") ON DELETE SET NULL ON UPDATE CASCADE;

