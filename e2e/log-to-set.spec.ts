import { writeFile } from "node:fs/promises";
import { DEMO_URL, signIn } from "./helpers";
import { expect, test } from "./test";

// From a raw query log to a labeling session: upload a log, read its class mix and top
// queries, sample a stratified set of 60 into a new set over the demo corpus, read the set's
// health, and open its first query in the labeling workspace.

const models = ["T2", "T4 Pro", "T8 Rack", "T12 Rack", "T4 Mini"];
const errorCodes = [
  "E-1042",
  "E-2207",
  "E-3302",
  "E-4012",
  "E-5120",
  "E-6005",
  "E-7731",
  "E-8801",
  "0x80070005",
];
const parts = ["LK-PSU-550W", "LK-TRY-3500", "LK-FAN-92", "WD40EFRX", "LK-RAIL-T8", "LK-NIC-10G"];
const topics = [
  "reset admin password",
  "update firmware manually",
  "join active directory",
  "snapshot schedule",
  "smb share windows 11",
  "raid 1 to raid 5 migration",
  "google drive sync",
  "new drive not detected",
  "led blinking amber",
  "fan noise after update",
  "restore from skylark backup",
  "enable ssh access",
  "change static ip",
  "replace failed disk",
  "expand storage pool",
  "set up email alerts",
];
const questions = [
  "how do i reset the admin password?",
  "why is my nas so slow over wifi?",
  "can i mix drive sizes in raid 5?",
  "what does the amber led mean?",
  "how long does a raid rebuild take?",
  "is the t4 pro compatible with time machine?",
  "where do i find the serial number?",
  "how to move apps to another volume?",
  "does larkos 4.3 support btrfs snapshots?",
  "why does the companion app not find my nas?",
];
const typos = [
  "firmwre update failed",
  "pasword reset not working",
  "snapshott schedule",
  "raid rebuid stuck",
  "activ directory join",
  "replce disk",
];

const tail = [
  "hyper backup to usb",
  "ups shutdown settings",
  "plex transcoding slow",
  "wake on lan not working",
  "quota per user",
  "recycle bin empty automatically",
  "ssl certificate lets encrypt",
  "nfs permissions denied",
  "iscsi lun setup",
  "link aggregation switch",
  "hot spare configuration",
  "scrub schedule monthly",
  "two factor login",
  "guest account disable",
  "photo app face recognition",
  "external drive exfat",
  "docker container autostart",
  "vpn server openvpn",
  "ddns hostname",
  "factory reset button",
  "Dateien wiederherstellen",
  "disque dur non reconnu",
  "rsync from linux",
  "cloud sync onedrive conflict",
  "smart test results",
  "bad sectors warning",
  "usb copy button",
  "time zone wrong",
  "ntp server",
  "log center export",
  "Ana Torres shared folder",
  "Visual Studio Code remote",
];

/** ~160 lines: frequent head queries repeated, a long tail of codes, parts, questions and typos. */
function buildLog(unique: string): string {
  const lines: string[] = [];
  topics.forEach((topic, index) => {
    for (let repeat = 0; repeat < Math.max(1, 5 - Math.floor(index / 3)); repeat++)
      lines.push(repeat % 2 ? topic.toUpperCase() : topic);
  });
  for (const code of errorCodes) lines.push(code, `error ${code} after update`);
  for (const [index, part] of parts.entries())
    lines.push(part, `${part} price`, `${models[index % models.length]} ${part}`);
  for (const question of questions) lines.push(question, question);
  for (const typo of typos) lines.push(typo);
  lines.push(...tail);
  for (const model of models) lines.push(`${model} fan replacement`, `${model} max drive size`);
  lines.push("larkos 4.3.0 release notes", "larkos 5.0.0-beta.2 bug", "when i try to join the domain it");
  lines.push(`ticket ${unique} status`);
  return `${lines.join("\n")}\n`;
}

test("a log becomes a stratified golden set that is ready to label", async ({ page }, testInfo) => {
  const unique = `${Date.now()}-${testInfo.retry}`;
  const logName = `e2e log ${unique}`;
  const setName = `e2e sampled set ${unique}`;
  const logFile = testInfo.outputPath("support-search.log");
  await writeFile(logFile, buildLog(unique));

  await signIn(page, {
    baseUrl: DEMO_URL,
    email: "engineer@goldenset.local",
    password: "goldenset-engineer",
  });

  // Upload through the logs page's form and wait for the import job.
  await page.goto(`${DEMO_URL}/logs`);
  await page.locator('input[name="logName"]').fill(logName);
  await page.locator('input[type="file"][name="file"]').setInputFiles(logFile);
  await page.getByTestId("upload-submit").click();
  await expect(page.locator('[data-testid="job-progress"][data-status="succeeded"]').first()).toBeVisible({
    timeout: 60_000,
  });

  // The log: its class mix, its top queries and the (virtualized) table.
  await page.goto(`${DEMO_URL}/logs`);
  await page.getByTestId("log-link").filter({ hasText: logName }).click();
  const classMix = page.getByTestId("class-mix");
  await expect(classMix).toBeVisible();
  await expect(classMix.locator('[data-class="error-code"]')).toBeVisible();
  await expect(classMix.locator('[data-class="question"]')).toBeVisible();
  await expect(page.getByTestId("top-query")).toHaveCount(10);
  await expect(page.getByTestId("top-queries")).toContainText("reset admin password");
  await expect(page.getByTestId("log-query-row").first()).toBeVisible();

  // Class filter: only error codes left.
  await page.getByTestId("class-filter-error-code").click();
  await expect(page.getByTestId("log-query-row").first()).toContainText(/E-|0x/i);
  await page.getByTestId("class-filter-error-code").click();

  // Sample a stratified 60 into a new set over the demo corpus.
  await page.getByTestId("sample-target-new").check();
  await page.getByTestId("sample-new-name").fill(setName);
  await page.getByTestId("sample-corpus").selectOption({ label: "Larkspur help center" });
  await expect(page.getByTestId("sample-strategy")).toHaveValue("stratified");
  await expect(page.getByTestId("sample-size")).toHaveValue("60");
  await page.getByTestId("sample-submit").click();

  // The set page: the summary, 60 queries, the health panel.
  await expect(page).toHaveURL(/\/sets\/[^/?]+\?sampled=60/);
  await expect(page.getByTestId("set-name")).toHaveText(setName);
  await expect(page.getByTestId("sampled-summary")).toContainText("Sampled 60");
  await expect(page.getByTestId("query-row")).toHaveCount(60);
  const health = page.getByTestId("set-health");
  await expect(health).toBeVisible();
  await expect(health.getByTestId("labeled-size")).toContainText("0 queries with relevant labels · goal 30");
  await expect(health.getByTestId("class-coverage")).toBeVisible();
  await expect(health.getByTestId("class-coverage-row").first()).toBeVisible();
  await expect(health.locator('[data-testid="class-coverage-row"][data-class="error-code"]')).toBeVisible();

  // Start labeling: the first query opens in the workspace with candidates.
  await page.getByTestId("start-labeling").click();
  // (the workspace then adds the document it opens to the URL: `&doc=…`)
  await expect(page).toHaveURL(/\/sets\/[^/]+\/queries\/[^/?]+(\?why=\w+(&doc=[^&]+)?)?$/);
  await expect(page.getByTestId("query-text")).toBeVisible();
  await expect(page.getByTestId("candidate-1")).toBeVisible();
});
