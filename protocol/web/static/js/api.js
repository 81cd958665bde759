// The server's JSON API (docs/web.md). Every error answer carries {"error": sentence}, and a
// bad move list also "index"; they become an ApiError with those fields.

export class ApiError extends Error {
  constructor(message, status, index, retryAfter) {
    super(message);
    this.status = status;
    this.index = index;
    this.retryAfter = retryAfter;
  }
}

async function answer(res) {
  const type = res.headers.get("Content-Type") || "";
  if (!res.ok) {
    let message = `The server answered ${res.status}.`;
    let index;
    if (type.includes("json")) {
      try {
        const body = await res.json();
        if (body && body.error) message = body.error;
        if (body && Number.isInteger(body.index)) index = body.index;
      } catch {
        /* keep the status sentence */
      }
    }
    const retry = Number(res.headers.get("Retry-After")) || 0;
    throw new ApiError(message, res.status, index, retry);
  }
  return type.includes("json") ? res.json() : res.text();
}

/** POSTs a JSON body and returns the decoded answer. */
export async function post(path, body, signal) {
  let res;
  try {
    res = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      signal,
    });
  } catch (err) {
    if (err.name === "AbortError") throw err;
    throw new ApiError("The server cannot be reached.", 0);
  }
  return answer(res);
}

/** GETs a path and returns the decoded answer (JSON or text). */
export async function get(path) {
  let res;
  try {
    res = await fetch(path);
  } catch {
    throw new ApiError("The server cannot be reached.", 0);
  }
  return answer(res);
}
