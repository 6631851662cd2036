-- wrk script: GET <path>?page=N with N random in 1..BENCH_PAGES (default 5000), so requests seldom share an
-- address and each rendered page is its own render (with one address, concurrent requests share one render).
-- Counts the answers that are the app shell (the renderer's fallback when its slots and queue are full)
-- apart from rendered pages, and prints both in done().
local pages = tonumber(os.getenv("BENCH_PAGES") or "5000")
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  shells = 0
  rendered = 0
  math.randomseed(os.time() + tonumber(tostring({}):sub(8), 16))
end

function request()
  return wrk.format("GET", string.format("%s?page=%d", wrk.path, math.random(1, pages)))
end

-- A rendered page carries its ETag, the app shell none: read from the headers, as a compressed body (a browser's
-- Accept-Encoding) hides the empty root element.
function response(status, headers, body)
  if headers["etag"] or headers["ETag"] then
    rendered = rendered + 1
  else
    shells = shells + 1
  end
end

function done(summary, latency, requests)
  local s, r = 0, 0
  for _, thread in ipairs(threads) do
    s = s + thread:get("shells")
    r = r + thread:get("rendered")
  end
  io.write(string.format("answers: rendered %d shell %d\n", r, s))
end
