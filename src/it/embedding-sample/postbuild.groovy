// Run by maven-invoker-plugin after the sample's build: what a user sees when the kit's test passes
// must be short and free of ERROR lines (docs/embedding.md promises both).
def log = new File(basedir, 'build.log').readLines()
def start = log.findIndexOf { it.contains('Running com.example.pipeline.BlocklistJoinTest') }
assert start >= 0 : 'the sample test did not run'
def end = log.findIndexOf(start) { it.contains('Tests run:') }
def output = log.subList(start + 1, end)
assert output.size() < 100 : "the kit test printed ${output.size()} lines:\n" + output.join('\n')
def errors = output.findAll { it =~ /\bERROR\b/ }
assert errors.isEmpty() : 'the kit test printed ERROR lines:\n' + errors.join('\n')
return true
