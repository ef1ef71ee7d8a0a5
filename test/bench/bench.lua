-- wrk script: spreads requests over a list of paths (different guilds, so no single row stays
-- hot in every cache), sends the benchmark key, and prints one JSON summary line at the end.
--   BENCH_PATHS   file with one request path per line (required)
--   BENCH_KEY     value of the Authorization header (optional: the baseline needs none)
--   BENCH_STRICT  "1": also count every status outside 2xx in Lua (wrk's own count starts at 400)
--   BENCH_SIGNED  "1": each line is a signed POST, "path<TAB>timestamp<TAB>signature<TAB>body"
--                 (Discord's interactions: test/bench/interactions.ts writes them), sent in
--                 order, each once: the server answers an interaction id only once (one thread)
--   BENCH_DELAY_MS  ms between an answer and the connection's next request (0: none): sets a rate
--                 below the maximum, with the number of connections (the mixed load)

local paths_file = os.getenv("BENCH_PATHS")
local key = os.getenv("BENCH_KEY")
local strict = os.getenv("BENCH_STRICT") == "1"
local signed = os.getenv("BENCH_SIGNED") == "1"
local delay_ms = tonumber(os.getenv("BENCH_DELAY_MS") or "0") or 0

-- Defined only when asked: wrk reads whether the script has delay() once, at start.
if delay_ms > 0 then
  function delay()
    return delay_ms
  end
end

local requests = {}
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  -- Formatting each request once here keeps request() cheap: wrk calls it for every request.
  local headers = {}
  if key and key ~= "" then
    headers["Authorization"] = key
  end
  for line in io.lines(paths_file) do
    if line ~= "" and signed then
      local path, timestamp, signature, body = line:match("^([^\t]*)\t([^\t]*)\t([^\t]*)\t(.*)$")
      local signed_headers = {
        ["Content-Type"] = "application/json",
        ["X-Signature-Timestamp"] = timestamp,
        ["X-Signature-Ed25519"] = signature,
      }
      table.insert(requests, wrk.format("POST", path, signed_headers, body))
    elseif line ~= "" then
      table.insert(requests, wrk.format("GET", line, headers))
    end
  end
  math.randomseed(os.time() + (tonumber(tostring({}):match("0x(%x+)"), 16) or 0) % 100000)
  non2xx = 0
  responses = 0
  next_signed = 0
  ran_out = 0
end

function request()
  if signed then
    next_signed = next_signed + 1
    if next_signed > #requests then
      -- Sent anyway (wrk needs a request) and refused as a replay; reported as ran_out.
      ran_out = ran_out + 1
      return requests[#requests]
    end
    return requests[next_signed]
  end
  return requests[math.random(#requests)]
end

-- Defining response() makes wrk hand every body to Lua, which costs load-generator time; so only
-- when asked. Without it, wrk still counts statuses of 400 and up (errors.status below).
if strict then
  function response(status, headers, body)
    responses = responses + 1
    if status < 200 or status > 299 then
      non2xx = non2xx + 1
    end
  end
end

function done(summary, latency, requests)
  local non2xx_total, responses_total, ran_out_total = 0, 0, 0
  for _, thread in ipairs(threads) do
    non2xx_total = non2xx_total + (thread:get("non2xx") or 0)
    responses_total = responses_total + (thread:get("responses") or 0)
    ran_out_total = ran_out_total + (thread:get("ran_out") or 0)
  end
  local e = summary.errors
  io.write(string.format(
    'BENCH_JSON {"requests":%d,"bytes":%d,"duration_us":%d,' ..
      '"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d},' ..
      '"strict":%s,"non2xx":%d,"responses":%d,"ran_out":%d,' ..
      '"latency_us":{"p50":%d,"p90":%d,"p99":%d,"max":%d,"mean":%.1f}}\n',
    summary.requests, summary.bytes, summary.duration,
    e.connect, e.read, e.write, e.status, e.timeout,
    tostring(strict), non2xx_total, responses_total, ran_out_total,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max,
    latency.mean))
end
