-- wrk script: POST a question about one car (the URL's), each from its own client address (X-Forwarded-For:
-- the server runs with TRUST_PROXY=true) and its own e-mail, so that no per-address or per-e-mail limit refuses
-- it: what an accepted enquiry costs (the lead, its event, two e-mails queued).
local threads = {}
local counter = 1

function setup(thread)
  thread:set("first", counter * 10000000)
  counter = counter + 1
  table.insert(threads, thread)
end

-- Each run starts past the numbers of the runs before it (a warm-up, then the measurement): 1,000 a second of
-- the clock, more than a thread sends, so an address or an e-mail never asks twice.
function init(args)
  n = first + (os.time() % 8000) * 1000
end

function request()
  n = n + 1
  local ip = string.format("10.%d.%d.%d", math.floor(n / 65536) % 256, math.floor(n / 256) % 256, n % 256)
  local body = string.format('{"source":"question","name":"Bench Visitor","email":"lead%d@example.com","message":"Is it still available?"}', n)
  return wrk.format("POST", nil, { ["content-type"] = "application/json", ["x-forwarded-for"] = ip }, body)
end
