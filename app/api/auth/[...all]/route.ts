import { auth } from "@/lib/auth/auth";
import { guardAuthEndpoints } from "@/lib/http/auth-endpoints";

// Only the endpoints lib/http/auth-endpoints.ts lists are served; sign-in goes through the throttle.
export const { GET, POST } = guardAuthEndpoints((request) => auth.handler(request));
