import { z } from "zod";
import { ROLES } from "@/lib/auth/roles";

/** A user's role (roles.ts), as stored and as given in forms, the API and the CLI. */
export const roleSchema = z.enum(ROLES);
