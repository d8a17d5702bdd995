import { auth } from "@/lib/auth/auth";
import { serveAuthRequest } from "@/lib/http/auth-endpoints";

// Only the endpoints lib/http/auth-endpoints.ts lists are served; sign-in goes through the throttle.
const betterAuth = (request: Request) => auth.handler(request);

export function GET(request: Request): Promise<Response> {
  return serveAuthRequest(request, betterAuth);
}

export function POST(request: Request): Promise<Response> {
  return serveAuthRequest(request, betterAuth);
}
