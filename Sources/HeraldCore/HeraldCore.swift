// The tool's model builds on the protocol: every module of the tool sees its types through here.
@_exported import HeraldProtocol
